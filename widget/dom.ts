// The few DOM helpers the loader and the frame share. Text always goes in as text nodes: these
// helpers never parse HTML.

/** An element with attributes and children (strings become text nodes). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  return build(document.createElement(tag), attrs, ...kids);
}

/** Gives an element (HTML or SVG) its attributes and children. */
function build<E extends Element>(el: E, attrs: Record<string, string>, ...kids: (Node | string)[]): E {
  for (const name in attrs) el.setAttribute(name, attrs[name]);
  el.append(...kids);
  return el;
}

/** A decorative stroked 24×24 icon from one path. */
export function svgIcon(d: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const attrs = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true', focusable: 'false' };
  return build(document.createElementNS(ns, 'svg'), attrs, build(document.createElementNS(ns, 'path'), { d }));
}

/** A styling font choice as a CSS font-family ('inherit' keeps the surrounding font). */
export function fontFamily(f: string | undefined): string {
  if (!f || f === 'inherit') return 'inherit';
  return '"' + f.replace(/["\\]/g, '') + '",' + (/Georgia|Times/.test(f) ? 'serif' : 'sans-serif');
}

/** A random session id of [A-Za-z0-9-] (randomUUID needs a secure context, so there are fallbacks). */
export function newSessionId(): string {
  const c = window.crypto;
  if (c && c.randomUUID) return c.randomUUID();
  if (c && c.getRandomValues) return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => (b + 256).toString(16).slice(1)).join('');
  return Date.now().toString(36) + Math.random().toString(36).slice(2);
}
