// The one rule for a path Lantern is asked to go to later (`?next=`, the path remembered when a
// session ended, next-auth's callbackUrl): used wherever such a path is accepted or stored.

// Any origin works as the base: what matters is whether resolving the path leaves it.
const SITE = 'https://lantern.invalid';
// More layers of %-escapes than this is no address a page of ours makes.
const MAX_DECODES = 4;

function resolve(text: string): URL | null {
  try {
    const url = new URL(text, SITE);
    return url.origin === SITE ? url : null;
  } catch {
    return null;
  }
}

/** `//host` and `/\host` name another site to a browser (and to many servers' redirects). */
const namesAHost = (path: string) => path.startsWith('//') || path.startsWith('/\\');

/** Undoes the %-escapes of ASCII characters (the only ones that can spell `/`, `\`, `.` or `%`); never throws. */
const decodeAscii = (text: string) => text.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A path on this site, resolved as the browser resolves it (dot segments, `\` as `/`, tabs and
 * newlines dropped), or null. Refused: anything not starting with `/`, anything that leaves the
 * origin, and any path that starts with `//` or `/\` once resolved, also after undoing its
 * %-escapes (`/.//h`, `/..//h`, `/%2F%2Fh`, `/%5Ch`, `/.%2F/h`): a stored `//h` would become another
 * site the moment something decodes or re-resolves it. Answers the resolved path with its query and
 * fragment, never the raw text.
 */
export function sitePath(path: string | null | undefined): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  const url = resolve(path);
  if (!url) return null;
  let pathname = url.pathname;
  for (let round = 0; ; round++) {
    if (namesAHost(pathname)) return null;
    const decoded = decodeAscii(pathname);
    if (decoded === pathname) break;
    if (namesAHost(decoded)) return null;
    const again = resolve(decoded);
    if (!again) return null;
    // Stable once resolving gives back what was decoded (`%20`, `%00` are escaped again).
    if (again.pathname === pathname) break;
    if (round === MAX_DECODES) return null;
    pathname = again.pathname;
  }
  return url.pathname + url.search + url.hash;
}
