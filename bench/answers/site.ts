// The invented school's website, served the way a CMS would: each page's body inside the shared
// layout (cookie banner, navigation, footer), so the crawler meets the same boilerplate as on a real site.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'site');
const TITLES: Record<string, string> = {
  index: 'Home', admissions: 'First-Year Admission', tuition: 'Tuition and Fees', 'financial-aid': 'Financial Aid', visit: 'Visit Campus',
  housing: 'Housing and Dining', 'student-life': 'Student Life', academics: 'Academics', nursing: 'Nursing', directory: 'Directory',
  international: 'International Applicants', transfer: 'Transfer Students',
};
export const PAGES = Object.keys(TITLES);

export function pageHtml(name: string): string {
  const layout = fs.readFileSync(path.join(dir, 'layout.html'), 'utf8');
  const main = fs.readFileSync(path.join(dir, `${name}.html`), 'utf8');
  return layout.replace('{{title}}', TITLES[name]!).replace('{{main}}', main);
}

/** All the site's text, for telling stated facts from invented ones. */
export const siteText = () => PAGES.map(pageHtml).join('\n').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&');

export async function serveSite(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html').match(/^\/([\w-]+)\.html$/)?.[1];
    if (!name || !PAGES.includes(name)) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Page not found</h1>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(name));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
