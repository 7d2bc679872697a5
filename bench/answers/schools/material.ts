// A benchmark school's material as Lantern meets it: its website served the way a CMS would (each
// page's body inside the shared layout), its documents as staff upload them, and all of it as text,
// for telling stated facts from invented ones.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { makePdf } from '../../../tests/fixtures/documents';
import type { LoadedSchool } from './index';

export function pageHtml({ school, dir }: LoadedSchool, name: string): string {
  const layout = fs.readFileSync(path.join(dir, 'site', 'layout.html'), 'utf8');
  const main = fs.readFileSync(path.join(dir, 'site', `${name}.html`), 'utf8');
  return layout.replaceAll('{{title}}', school.pages[name]!).replace('{{main}}', main);
}

const decode = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&rsquo;|&lsquo;/g, "'");

export async function serveSchoolSite(loaded: LoadedSchool, port: number): Promise<http.Server> {
  const pages = Object.keys(loaded.school.pages);
  const server = http.createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html').match(/^\/([\w-]+)\.html$/)?.[1];
    if (!name || !pages.includes(name)) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Page not found</h1>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(loaded, name));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** A plain-text document as a PDF of simple pages (50 lines each, long lines wrapped). */
function asPdf(text: string): Buffer {
  const lines = text.split('\n').flatMap((line) => {
    const out: string[] = [];
    let rest = line;
    while (rest.length > 95) {
      const cut = rest.lastIndexOf(' ', 95) > 40 ? rest.lastIndexOf(' ', 95) : 95;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut).trimStart();
    }
    out.push(rest);
    return out;
  });
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += 50) pages.push(lines.slice(i, i + 50));
  return makePdf(pages[0] ?? [], ...pages.slice(1));
}

export type Upload = { name: string; filename: string; type: string; bytes: Uint8Array; text: string };

export function documentsOf({ school, dir }: LoadedSchool): Upload[] {
  return school.documents.map((d) => {
    const file = path.join(dir, 'docs', d.file);
    const text = fs.readFileSync(file, 'utf8');
    const base = d.uploadAs ?? path.basename(d.file);
    if (d.pdf) return { name: d.name, filename: base.replace(/\.\w+$/, '.pdf'), type: 'application/pdf', bytes: asPdf(text), text };
    return { name: d.name, filename: base, type: base.endsWith('.md') ? 'text/markdown' : 'text/plain', bytes: new TextEncoder().encode(text), text };
  });
}

/** Everything the school told Lantern, as text: a stated number must come from here (or from the visitor). */
export function materialText(loaded: LoadedSchool, site: string): string {
  const { school } = loaded;
  const pages = Object.keys(school.pages).map((p) => decode(pageHtml(loaded, p)));
  return [...pages, ...documentsOf(loaded).map((d) => d.text), JSON.stringify([school.profile(site), school.factSheet, school.actionPrompts(site)])].join('\n');
}

/** The school's phone numbers, e-mail addresses and links: a refusal may offer them. */
export function contactsOf(school: LoadedSchool['school'], site: string): string[] {
  return [...school.profile(site).contact.contact_points.flatMap((c) => [c.email, c.phone].filter((v): v is string => !!v)), ...school.actionPrompts(site).map((a) => a.action_data)];
}
