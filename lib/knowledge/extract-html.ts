import * as cheerio from 'cheerio';

export type ExtractedPage = { title: string; headings: string[]; blocks: string[]; links: string[]; wordCount: number };

const NOISE = 'script, style, noscript, template, svg, iframe, canvas, form, nav, footer, header, aside, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true], .cookie, .cookies, #cookie-banner';
const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, dt, dd, td, th, blockquote, figcaption, pre';
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The readable content of an HTML page: title, headings, text blocks in order, and its links. */
export function extractHtml(html: string, pageUrl: string): ExtractedPage {
  const $ = cheerio.load(html);
  const title = clean($('title').first().text()) || clean($('h1').first().text());
  const links = new Set<string>();
  $('a[href]').each((_, a) => {
    try {
      const u = new URL($(a).attr('href')!, pageUrl);
      u.hash = '';
      links.add(u.toString());
    } catch {
      // not a usable link
    }
  });
  $(NOISE).remove();
  const root = $('main').first().length ? $('main').first() : $('article').first().length ? $('article').first() : $('body');
  const headings: string[] = [];
  const blocks: string[] = [];
  const seen = new Set<string>();
  root.find(BLOCKS).each((_, el) => {
    // Only the innermost blocks: a list item holding paragraphs is read through its paragraphs.
    if ($(el).find(BLOCKS).length > 0) return;
    const text = clean($(el).text());
    if (!text || seen.has(text)) return;
    seen.add(text);
    if (/^h[1-6]$/i.test(el.tagName)) headings.push(text);
    blocks.push(text);
  });
  if (blocks.length === 0) {
    const text = clean(root.text());
    if (text) blocks.push(text);
  }
  const wordCount = blocks.join(' ').split(/\s+/).filter(Boolean).length;
  return { title, headings, blocks, links: [...links], wordCount };
}
