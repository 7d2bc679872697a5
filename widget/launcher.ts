import { readableText, RECOMMENDED_CONTRAST } from '@/lib/widget/contrast';
import { fontFamily, h, svgIcon } from './dom';
import { LOADER_CSS } from './loader-css';
import { animationPlan, runAnimation } from './schedule';
import type { WidgetStyling } from './types';

// The launcher's look: button, icon, text label, animation, prompt bubble and the (empty) panel,
// drawn into a shadow root from a styling object. The embed script (loader.ts) wires it to the
// page and the chat frame; the admin's Styling tab draws its live preview with this same function.

export type LauncherOptions = {
  /** The accessible name of the button and the panel ('Chat with …'). */
  title: string;
  position: 'bottom-right' | 'bottom-left' | 'custom';
  dark: boolean;
  /** The panel's size as CSS lengths. */
  width: string;
  height: string;
  /** Relative icon addresses (an uploaded icon) are resolved against this (Lantern's origin). */
  iconBase: string;
  /** The icon's path (lib/widget/icons.ts: the config's launcher_icon), also drawn when a custom image fails. */
  icon: string;
  /** Drawn inside a preview box instead of fixed to the page's corner. */
  preview?: boolean;
};

export type Launcher = {
  btn: HTMLButtonElement;
  label: HTMLSpanElement | null;
  panel: HTMLDivElement;
  bubble: HTMLDivElement;
  message: HTMLButtonElement;
  dismiss: HTMLButtonElement;
  /** The count of a person's messages that came while the chat was closed (hidden until one does). */
  badge: HTMLSpanElement;
  /** A polite live region (the launcher's description): what is new, said once. */
  news: HTMLParagraphElement;
  /** Starts the styling's animation (as its interval says); answers the function that stops it. */
  animate(reducedMotion: boolean): () => void;
};

type Dict = Record<string, string | undefined>;

export function drawLauncher(root: ShadowRoot, s: WidgetStyling, o: LauncherOptions): Launcher {
  // A constructed sheet is not blocked by a strict style-src on the school's page; <style> is the fallback.
  const sheetRoot = root as ShadowRoot & { adoptedStyleSheets?: CSSStyleSheet[] };
  let sheet: CSSStyleSheet | null = null;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(LOADER_CSS);
  } catch {
    sheet = null;
  }
  if (sheet && sheetRoot.adoptedStyleSheets) sheetRoot.adoptedStyleSheets = [sheet];
  else root.append(h('style', {}, LOADER_CSS));

  const btn = h('button', { class: 'btn', type: 'button', 'aria-label': o.title, 'aria-expanded': 'false', 'aria-controls': 'lantern-panel', 'aria-describedby': 'lantern-news' }, h('span', { class: 'fx' }));
  const icon = () => svgIcon(o.icon);
  if (s.buttonIcon === 'custom' && s.customIconUrl) {
    const img = h('img', { alt: '' });
    img.onerror = () => img.replaceWith(icon());
    let src = '';
    try {
      // Relative addresses are Lantern's (an uploaded icon); only web and inline images load.
      src = new URL(s.customIconUrl, o.iconBase + '/').href;
    } catch {
      // not an address
    }
    if (/^(https?:|data:image\/|blob:)/i.test(src)) {
      img.src = src;
      btn.append(img);
    } else btn.append(icon());
  } else btn.append(icon());
  const badge = h('span', { class: 'bd', 'aria-hidden': 'true', hidden: '' });
  btn.append(badge);

  const text = (s.buttonTextContent || '').trim();
  // The button carries the accessible name; the label is a bigger mouse target for the same thing.
  const label = text ? h('span', { class: 'lbl', 'aria-hidden': 'true' }, text) : null;
  const row = h('div', { class: 'row' }, ...(label ? [label, btn] : [btn]));

  const panel = h('div', { class: 'pn', id: 'lantern-panel', role: 'dialog', 'aria-label': o.title, hidden: '' });
  const message = h('button', { class: 'm', type: 'button' }, s.promptMessage || '');
  const dismiss = h('button', { class: 'x', type: 'button', 'aria-label': 'Dismiss message' }, '\u00d7');
  const bubble = h('div', { class: 'bub', role: 'status', hidden: '' }, message, dismiss);

  const news = h('p', { class: 'sr', id: 'lantern-news', 'aria-live': 'polite' });
  const wrap = h('div', { class: 'w' + (o.position === 'bottom-left' ? ' l' : '') + (o.position === 'custom' ? ' c' : '') + (o.dark ? ' dk' : '') + (o.preview ? ' pv' : '') }, panel, bubble, row, news);
  const vars: Record<string, string> = {
    '--p': s.primaryColor,
    // The icon is a graphic (3:1); the label is text (4.5:1): a pair below that is drawn readable.
    '--t': readableText(s.textColor, s.primaryColor),
    // Sizes and corners besides the defaults (medium 60px, rounded 16px).
    '--s': ({ small: '48px', large: '72px' } as Dict)[s.buttonSize] || '60px',
    '--r': ({ square: '8px', circle: '50%' } as Dict)[s.borderRadius] || '16px',
    '--lf': fontFamily(s.buttonTextLabelFontFamily),
    '--ls': s.buttonTextLabelFontSize,
    '--lc': readableText(s.buttonTextLabelColor, s.buttonTextLabelBgColor, RECOMMENDED_CONTRAST),
    '--lb': s.buttonTextLabelBgColor,
    '--w': o.width,
    '--h': o.height,
  };
  for (const v in vars) wrap.style.setProperty(v, vars[v]);
  root.append(wrap);

  // Animation: a class per play, removed when the play ends so the next tick can add it again.
  const anim = 'a-' + s.buttonAnimation;
  const animate = (reducedMotion: boolean) => {
    const plan = animationPlan(s.buttonAnimation, s.animationInterval, reducedMotion);
    const loop = plan.kind === 'continuous';
    const ended = () => {
      if (!loop) btn.classList.remove(anim);
    };
    btn.addEventListener('animationend', ended);
    const stop = runAnimation(plan, () => {
      btn.classList.add(anim);
      if (loop) btn.classList.add('inf');
    });
    return () => {
      stop();
      btn.removeEventListener('animationend', ended);
      btn.classList.remove(anim, 'inf');
    };
  };

  return { btn, label, panel, bubble, message, dismiss, badge, news, animate };
}
