import * as cheerio from 'cheerio';
import { escapeHtml } from '@/lib/text/html';

/** A run of a page's text under one heading (null before the first), list items as `- item` lines. */
export type PageSection = { heading: string | null; lines: string[] };

export type ExtractedPage = { title: string; headings: string[]; blocks: string[]; sections: PageSection[]; links: string[]; wordCount: number; /** The page's own `<link rel="canonical">`, resolved. */ canonical: string | null };

const NOISE =
  'script, style, noscript, template, svg, iframe, canvas, form, nav, footer, header, aside, dialog, [role=navigation], [role=banner], [role=contentinfo], [role=dialog], [aria-hidden=true], ' +
  '[id*=cookie i], [class*=cookie i], [id*=consent i], [class*=consent i], [class*=skip-link i], [class*=breadcrumb i]';
const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, dt, dd, td, th, blockquote, figcaption, pre';
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Rewrites each table as a list of its rows, every cell labelled with its column header
 * ("Fee: Application; Amount: $50"), so a row still says what its numbers are once it is text.
 */
function labelTables($: cheerio.CheerioAPI): void {
  $('table').each((_, table) => {
    const rows = $(table).find('tr').toArray();
    if (rows.length === 0) return;
    const cellsOf = (tr: (typeof rows)[number]) => $(tr).children('th, td').toArray().map((c) => clean($(c).text()));
    const first = rows[0]!;
    const headerRow = $(first).children('th').length > 0 && $(first).children('td').length === 0;
    const labels = headerRow ? cellsOf(first) : [];
    const caption = clean($(table).find('caption').first().text());
    const items = (headerRow ? rows.slice(1) : rows)
      .map((tr) => {
        const cells = cellsOf(tr);
        return cells
          .map((cell, i) => (cell && labels[i] ? `${labels[i]}: ${cell}` : cell))
          .filter(Boolean)
          .join('; ');
      })
      .filter(Boolean);
    const list = `${caption ? `<p>${escapeHtml(caption)}</p>` : ''}<ul>${items.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`;
    $(table).replaceWith(list);
  });
}

/** The readable content of an HTML page: title, headings, text blocks in order, and its links. */
export function extractHtml(html: string, pageUrl: string): ExtractedPage {
  const $ = cheerio.load(html);
  const title = clean($('title').first().text()) || clean($('h1').first().text());
  let canonical: string | null = null;
  try {
    const href = $('link[rel~="canonical"][href]').first().attr('href');
    canonical = href ? new URL(href, pageUrl).toString() : null;
  } catch {
    // not a usable address
  }
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
  labelTables($);
  const root = $('main').first().length ? $('main').first() : $('article').first().length ? $('article').first() : $('body');
  const headings: string[] = [];
  const blocks: string[] = [];
  const sections: PageSection[] = [];
  let section: PageSection = { heading: null, lines: [] };
  const seen = new Set<string>();
  root.find(BLOCKS).each((_, el) => {
    // Only the innermost blocks: a list item holding paragraphs is read through its paragraphs.
    if ($(el).find(BLOCKS).length > 0) return;
    const text = clean($(el).text());
    if (!text || seen.has(text)) return;
    seen.add(text);
    blocks.push(text);
    if (/^h[1-6]$/i.test(el.tagName)) {
      headings.push(text);
      if (section.lines.length > 0) sections.push(section);
      section = { heading: text, lines: [] };
      return;
    }
    // Headings stay with their passages; list items stay list items.
    section.lines.push(el.tagName.toLowerCase() === 'li' ? `- ${text}` : text);
  });
  if (section.lines.length > 0) sections.push(section);
  if (blocks.length === 0) {
    const text = clean(root.text());
    if (text) {
      blocks.push(text);
      sections.push({ heading: null, lines: [text] });
    }
  }
  const wordCount = blocks.join(' ').split(/\s+/).filter(Boolean).length;
  return { title, headings, blocks, sections, links: [...links], wordCount, canonical };
}
