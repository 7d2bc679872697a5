import 'server-only';
import { safeFetch } from '@/lib/security/outbound';
import { extractHtml, type ExtractedPage } from './extract-html';

export const MAX_PAGES = 25;
export const MAX_DEPTH = 2;
const NOT_HTML = /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|rar|7z|docx?|xlsx?|pptx?|mp[34]|mov|avi|wav|css|js|json|xml|rss|ics|txt)$/i;

export type CrawledPage = ExtractedPage & { url: string };

function decode(body: Buffer, contentType: string): string {
  const charset = /charset=([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * One address per page however it is linked: no fragment, and a folder's index file is the folder
 * ("/index.html" is "/", "/admissions/default.aspx" is "/admissions/").
 */
export function canonicalUrl(url: string): string {
  const u = new URL(url);
  u.hash = '';
  u.pathname = u.pathname.replace(/\/(index|default)\.(html?|php|aspx?)$/i, '/');
  return u.toString();
}

/** One page: fetched through safeFetch; null when the answer is not a readable HTML page. */
export async function fetchPage(url: string): Promise<CrawledPage | null> {
  const res = await safeFetch(url, { headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' } });
  if (res.status < 200 || res.status >= 300) return null;
  if (!/text\/html|application\/xhtml\+xml/i.test(res.contentType)) return null;
  const page = extractHtml(decode(res.body, res.contentType), res.url);
  // The page's own canonical address counts when it is on the same site (a page cannot claim another site's).
  const own = page.canonical && new URL(page.canonical).origin === new URL(res.url).origin ? page.canonical : res.url;
  return { url: canonicalUrl(own), ...page };
}

/**
 * The part of a site a link stands for: its folder (`/admissions/` for `/admissions/` and
 * `/admissions/apply.html`, `/admissions/` for `/admissions` too). A drilled link reads only pages
 * inside it, so a section's link does not wander through the site's navigation.
 */
function sectionOf(url: URL): string {
  const path = url.pathname;
  if (path.endsWith('/')) return path;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') ? path.slice(0, path.lastIndexOf('/') + 1) : `${path}/`;
}

const inSection = (url: URL, origin: string, section: string) => url.origin === origin && (`${url.pathname}/`.startsWith(section) || url.pathname.startsWith(section));

/**
 * The page, and with `drill` its same-site subpages within the link's section, breadth-first: at
 * most 25 pages, at most two links deep, skipping links that are clearly not HTML. A subpage that
 * fails is skipped. Each page is kept as its own source, under its canonical address.
 */
export async function crawl(startUrl: string, drill: boolean): Promise<CrawledPage[]> {
  const first = await fetchPage(startUrl);
  if (!first) return [];
  const pages: CrawledPage[] = [first];
  if (!drill) return pages;
  const origin = new URL(first.url).origin;
  const section = sectionOf(new URL(startUrl));
  const visited = new Set([canonicalUrl(startUrl), first.url]);
  let frontier = first.links;
  for (let depth = 1; depth <= MAX_DEPTH && pages.length < MAX_PAGES; depth++) {
    const next: string[] = [];
    for (const link of frontier) {
      if (pages.length >= MAX_PAGES) break;
      const u = new URL(canonicalUrl(link));
      if (!inSection(u, origin, section) || NOT_HTML.test(u.pathname) || visited.has(u.toString())) continue;
      visited.add(u.toString());
      const page = await fetchPage(link).catch(() => null);
      // A page reached again under another address (a redirect, its canonical link) is counted once.
      if (!page || pages.some((p) => p.url === page.url)) continue;
      visited.add(page.url);
      pages.push(page);
      next.push(...page.links);
    }
    frontier = next;
  }
  return pages;
}
