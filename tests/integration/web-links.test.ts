import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as generateRoute from '@/app/(rest)/web-links/[id]/generate-insights/route';
import * as manualRoute from '@/app/(rest)/web-links/[id]/generate-insights-manual/route';
import * as linkRoute from '@/app/(rest)/web-links/[id]/route';
import * as linksRoute from '@/app/(rest)/web-links/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as streamRoute from '@/app/(rest)/api/widget/chat/stream/route';
import { searchSchoolKnowledge as searchKnowledge } from '@/lib/retrieval/knowledge-index';
import { background } from '@/background';
import { drainJobs } from '@/lib/jobs/runner';
import { markWebLinkReadFailed, refreshCompletedWebLinks, runWebLinkRead } from '@/lib/knowledge/web-links';
import { call, STRONG_PASSWORD } from './http';

const page = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title><script>var tracking = 1;</script></head><body><nav><a href="/">Home</a> Menu Menu Menu</nav><main>${body}${links.map((l) => `<a href="${l}">more</a>`).join('')}</main><footer>© Footer text</footer></body></html>`;

const TUITION_2026 = 'Tuition for the 2026-27 year is $24,500 for full-time undergraduates.';
let tuition = TUITION_2026;
const SITE: Record<string, () => [number, string, string]> = {
  '/': () => [200, 'text/html', page('Cedar College', '<h1>Welcome to Cedar College</h1><p>Cedar College is a small college on the Oregon coast.</p>', ['/programs', '/brochure.pdf', 'https://elsewhere.example.com/x'])],
  '/admissions': () => [
    200,
    'text/html; charset=utf-8',
    page(
      'Admissions | Cedar College',
      `<h1>Admissions</h1><p>Cedar College welcomes applications from students around the world and reviews each one personally.</p>
       <h2>How to apply</h2><p>Submit the online application, your high school transcript and one letter of recommendation by January 15, 2027.</p>
       <h2>Costs</h2><p>${tuition} Most students receive financial aid, and merit scholarships of up to $12,000 are available.</p>
       <h2>Contact</h2><p>Questions? Call the admissions office at +1 503 555 0100 or write to admissions@cedar.example.edu.</p>`,
      ['/programs', '/brochure.pdf', 'https://elsewhere.example.com/x'],
    ),
  ],
  '/programs': () => [
    200,
    'text/html',
    page('Programs', '<h1>Programs</h1><p>Cedar College offers bachelor degrees in nursing, marine biology, computer science and business, and a master of education program for working teachers.</p>', ['/programs/nursing']),
  ],
  '/programs/nursing': () => [
    200,
    'text/html',
    page(
      'Nursing',
      `<h1>Nursing</h1><p>The nursing program includes 800 hours of clinical placements at three partner hospitals in the region.</p>
       <div class="cookie-banner">We use cookies to improve your visit.</div>
       <h2>Fees</h2><table><tr><th>Fee</th><th>Amount</th></tr><tr><td>Lab kit</td><td>$310</td></tr><tr><td>Uniform</td><td>$95</td></tr></table>
       <h2>Licensure</h2><p>Our graduates passed the NCLEX licensure exam at a 96 percent rate in 2025.</p>
       <p>Coordinator Dana Whitfield advises every nursing student from the first week.</p><p>Students bring a stethoscope.</p>`,
      ['/deeper', '/programs'],
    ),
  ],
  // A three-page site whose home page is linked as "/site/", "/site/index.html" and "#top".
  '/site/': () => [200, 'text/html', page('Harbor Home', '<p>Harbor Academy is a day school by the sea.</p>', ['/site/index.html', '/site/about.html', '/site/contact.html#form', '#top'])],
  '/site/index.html': () => [200, 'text/html', page('Harbor Home', '<p>Harbor Academy is a day school by the sea.</p>', ['/site/', '/site/about.html'])],
  '/site/about.html': () => [200, 'text/html', page('About Harbor', '<p>Harbor Academy was founded in 1921 and teaches 400 students.</p>', ['/site/index.html', '/site/about.html#history', '/site/about-us'])],
  // The same page under a second address that names its canonical one.
  '/site/about-us': () => [200, 'text/html', page('About Harbor', '<p>Harbor Academy was founded in 1921 and teaches 400 students.</p>').replace('<head>', '<head><link rel="canonical" href="/site/about.html">')],
  '/site/contact.html': () => [200, 'text/html', page('Contact Harbor', '<p>Call the front office at 555-0100.</p>', ['/site/'])],
  '/deeper': () => [200, 'text/html', page('Too deep', '<p>This page is three links deep and must not be read when drilling two levels.</p>')],
  '/brochure.pdf': () => [200, 'application/pdf', '%PDF-1.4'],
  '/empty': () => [200, 'text/html', page('Loading', '<div id="app"></div>')],
  '/short': () => [200, 'text/html', page('Visit', '<p>Visitors park free in Lot C.</p>')],
  '/image': () => [200, 'image/png', 'x'],
  '/to-private': () => [302, 'text/plain', ''],
};

let server: http.Server;
let base: string;
let token: string;
let other: string;
let noSchool: string;
let schoolId: number;
const hits: string[] = [];

async function account(su: string, email: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'W', last_name: 'L' } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url!);
    const handler = SITE[req.url!.split('?')[0]!];
    if (req.url === '/to-private') return res.writeHead(302, { location: 'http://192.168.1.10/admin' }).end();
    if (!handler) return res.writeHead(404).end('not found');
    const [status, type, body] = handler();
    res.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${port}`;
  const su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'wl@lantern.test', password: STRONG_PASSWORD, username: 'wlroot', first_name: 'W', last_name: 'R' } })).json.access_token;
  token = await account(su, 'wendy@lantern.test');
  other = await account(su, 'oscar@lantern.test');
  noSchool = await account(su, 'nadia@lantern.test');
  schoolId = (await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Cedar College' } })).json.id;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: other, body: { name: 'Other College' } });
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await new Promise((r) => server.close(r));
});

const add = (body: Record<string, unknown>, t = token) => call(linksRoute.POST, 'POST', '/web-links/', { token: t, body });
const generate = (id: number, t = token) => call(generateRoute.POST, 'POST', `/web-links/${id}/generate-insights`, { token: t, params: { id: String(id) } });

describe('web links', () => {
  it('validates with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', url: `${base}/admissions` }, 'Name is required'],
      [{ name: 'ab', url: `${base}/admissions` }, 'Name must be at least 3 characters'],
      [{ name: 'Admissions', url: 'www.cedar.example.edu' }, 'URL must start with http:// or https://'],
      [{ name: 'Admissions', url: 'ftp://cedar.example.edu' }, 'URL must start with http:// or https://'],
      [{ name: 'Admissions', url: 'https://' }, 'Please enter a valid URL (e.g., https://www.example.edu)'],
      [{ name: 'Admissions', url: 'https://cedar' }, 'Please enter a valid URL (e.g., https://www.example.edu)'],
    ];
    for (const [body, msg] of cases) {
      const res = await add(body);
      expect(res.status, msg).toBe(422);
      expect(res.json.detail[0].msg).toBe(msg);
    }
  });

  it('reads a link as soon as it is added, as a queued job, and lists every page read with its title', async () => {
    const created = await add({ name: 'Harbor site', url: `${base}/site/`, drill_into_subpages: true });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ scrape_status: 'processing', insights_summary: null, last_scraped_at: null, pages: [] });
    const id = created.json.id as number;
    const runs = await drainJobs(background);
    expect(runs.find((r) => r.job.name === 'web_link_read' && (r.job.payload as { web_link_id: number }).web_link_id === id)).toMatchObject({ outcome: 'succeeded' });
    const read = (await call(linksRoute.GET, 'GET', '/web-links/', { token })).json.find((l: { id: number }) => l.id === id);
    // One page is one page however it was linked: "/site/" and "/site/index.html", a fragment, a canonical link.
    expect(read).toMatchObject({ scrape_status: 'completed', pages_scraped: 3, scrape_error: null });
    expect(read.pages).toEqual([
      { url: `${base}/site/`, title: 'Harbor Home' },
      { url: `${base}/site/about.html`, title: 'About Harbor' },
      { url: `${base}/site/contact.html`, title: 'Contact Harbor' },
    ]);
    expect(read.insights_summary).toContain('founded in 1921');
    expect((await searchKnowledge(schoolId, 'When was Harbor Academy founded?'))[0]!.content).toContain('1921');
  });

  it('marks a link whose reading keeps failing as failed, with the reason', async () => {
    const created = await add({ name: 'Broken site', url: `${base}/broken` });
    await markWebLinkReadFailed(created.json.id, 'the job crashed');
    const read = (await call(linksRoute.GET, 'GET', '/web-links/', { token })).json.find((l: { id: number }) => l.id === created.json.id);
    expect(read).toMatchObject({ scrape_status: 'failed', scrape_error: 'The pages could not be read: the job crashed' });
    // A read that finished is not overwritten by a late failure report.
    const done = await add({ name: 'Short page', url: `${base}/short?late=1` });
    await runWebLinkRead(done.json.id);
    await markWebLinkReadFailed(done.json.id, 'late');
    expect((await call(linksRoute.GET, 'GET', '/web-links/', { token })).json.find((l: { id: number }) => l.id === done.json.id)).toMatchObject({ scrape_status: 'completed' });
  });

  it('reads the page for real and stores a structured, extractive summary', async () => {
    const created = await add({ name: 'Admissions page', url: `${base}/admissions` });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ scrape_status: 'processing', insights_summary: null, last_scraped_at: null });
    // Generate Insights reads it at once; the queued read then has nothing to do.
    const res = await generate(created.json.id);
    expect(await runWebLinkRead(created.json.id)).toEqual({ web_link_id: created.json.id, status: 'already_read' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'completed', scrape_status: 'completed', pages_scraped: 1 });
    const insights: string = res.json.insights_summary;
    expect(insights).toContain('# Admissions | Cedar College');
    expect(insights).toContain('## Costs and financial aid');
    expect(insights).toContain(tuition);
    expect(insights).toContain('January 15, 2027');
    expect(insights).toContain('admissions@cedar.example.edu');
    expect(insights).not.toContain('tracking');
    expect(insights).not.toContain('Footer text');
    expect(res.json.last_scraped_at).not.toBeNull();
    const found = await searchKnowledge(schoolId, 'How much does tuition cost?');
    expect(found[0]!.content).toContain('$24,500');
  });

  it('refuses a duplicate URL, case-insensitively, except for the link itself', async () => {
    const created = await add({ name: 'Admissions again', url: `${base}/admissions?duplicate=1` });
    expect(created.status).toBe(201);
    const dup = await add({ name: 'Again', url: `${base}/ADMISSIONS?DUPLICATE=1` });
    expect(dup.status).toBe(409);
    expect(dup.json.detail).toBe('This URL has already been added');
    const id = String(created.json.id);
    const same = await call(linkRoute.PUT, 'PUT', `/web-links/${id}`, { token, params: { id }, body: { name: 'Admissions page', url: `${base}/admissions?duplicate=1` } });
    expect(same.status).toBe(200);
  });

  it('drills into same-site subpages breadth-first, two levels deep, skipping non-HTML', async () => {
    hits.length = 0;
    const created = await add({ name: 'Whole site', url: `${base}/`, drill_into_subpages: true });
    const res = await generate(created.json.id);
    expect(res.json.pages_scraped).toBe(3);
    expect(res.json.insights_summary).toContain('marine biology');
    expect(res.json.insights_summary).toContain('800 hours of clinical placements');
    expect(res.json.insights_summary).not.toContain('three links deep');
    expect(hits).not.toContain('/brochure.pdf');
    expect(hits).not.toContain('/deeper');
  });

  it('keeps each page whole in the index: facts the summary left out, table rows with their labels, no cookie banner', async () => {
    const created = await add({ name: 'Programs', url: `${base}/programs`, drill_into_subpages: true });
    const res = await generate(created.json.id);
    expect(res.json.status).toBe('completed');
    const pageHits = async (q: string) => (await searchKnowledge(schoolId, q)).filter((h) => h.sourceType === 'web_page' && h.sourceId === String(created.json.id));
    const ratio = await pageHits('NCLEX pass rate');
    expect(ratio[0]).toMatchObject({ title: 'Nursing — Licensure', content: expect.stringContaining('96 percent') });
    const fees = await pageHits('lab kit fee');
    expect(fees[0]!.content).toContain('- Fee: Lab kit; Amount: $310\n- Fee: Uniform; Amount: $95');
    // No passage carries the banner (other links' pages, about visits, may well match the words).
    expect((await searchKnowledge(schoolId, 'cookies improve your visit')).filter((h) => /cookie/i.test(h.content))).toEqual([]);
    // An edit of the insights leaves the pages' own text indexed.
    const id = String(created.json.id);
    await call(linkRoute.PUT, 'PUT', `/web-links/${id}`, { token, params: { id }, body: { insights_summary: 'Nursing and marine biology programs.' } });
    expect((await pageHits('Dana Whitfield coordinator'))[0]!.content).toContain('Dana Whitfield');
    // Deleting the link removes every passage it brought.
    await call(linkRoute.DELETE, 'DELETE', `/web-links/${id}`, { token, params: { id } });
    expect(await pageHits('Dana Whitfield coordinator')).toHaveLength(0);
  });

  it('answers cite the pages they came from, by title and address, in both widget answers', async () => {
    const created = await add({ name: 'Programs', url: `${base}/programs`, drill_into_subpages: true });
    expect((await generate(created.json.id)).json.status).toBe('completed');
    const key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token })).json.api_key as string;
    const body = { message: 'What is the NCLEX licensure pass rate?', conversation_history: [], session_id: 'cites' };
    const once = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body });
    expect(once.json.response).toContain('96 percent');
    expect(once.json.sources).toEqual([{ title: 'Nursing', url: `${base}/programs/nursing` }]);
    const streamed = await call(streamRoute.POST, 'POST', '/api/widget/chat/stream', { headers: { 'x-api-key': key }, body: { ...body, session_id: 'cites-2' } });
    const done = JSON.parse(/event: done\ndata: (.*)/.exec(streamed.json as string)![1]!);
    expect(done.sources).toEqual([{ title: 'Nursing', url: `${base}/programs/nursing` }]);
    // "I don't have that information" cites nothing.
    const unknown = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { ...body, message: 'Is there a quidditch team?', session_id: 'cites-3' } });
    expect(unknown.json.sources).toEqual([]);
    const id = String(created.json.id);
    await call(linkRoute.DELETE, 'DELETE', `/web-links/${id}`, { token, params: { id } });
  });

  it("reads only the drilled link's own section of the site", async () => {
    hits.length = 0;
    const created = await add({ name: 'Admissions section', url: `${base}/admissions?section=1`, drill_into_subpages: true });
    const res = await generate(created.json.id);
    expect(res.json.pages_scraped).toBe(1);
    expect(hits.map((h) => h.split('?')[0])).toEqual(['/admissions']);
  });

  it('keeps a short page as knowledge instead of asking for pasted text', async () => {
    const created = await add({ name: 'Visit', url: `${base}/short` });
    const res = await generate(created.json.id);
    expect(res.json).toMatchObject({ status: 'completed', scrape_status: 'completed', insights_summary: expect.stringContaining('Lot C') });
  });

  it('asks for pasted content when a page gives no text, cannot be reached, or redirects somewhere private', async () => {
    for (const path of ['/empty', '/image', '/missing', '/to-private']) {
      const created = await add({ name: `Page ${path}`, url: `${base}${path}` });
      const res = await generate(created.json.id);
      expect(res.status, path).toBe(200);
      expect(res.json, path).toMatchObject({ status: 'manual_required', url: `${base}${path}`, name: `Page ${path}` });
    }
    const list = (await call(linksRoute.GET, 'GET', '/web-links/', { token })).json;
    const empty = list.find((l: { url: string }) => l.url.endsWith('/empty'));
    expect(empty.scrape_status).toBe('manual_required');
    const id = String(empty.id);
    const blank = await call(manualRoute.POST, 'POST', `/web-links/${id}/generate-insights-manual`, { token, params: { id }, body: { content: '   ' } });
    expect(blank.status).toBe(422);
    expect(blank.json.detail[0].msg).toBe('Please enter some content');
    const manual = await call(manualRoute.POST, 'POST', `/web-links/${id}/generate-insights-manual`, { token, params: { id }, body: { content: 'Open house is on March 3, 2027 from 10am to 2pm in the Student Center.' } });
    expect(manual.json).toMatchObject({ scrape_status: 'completed_manual', insights_summary: 'Open house is on March 3, 2027 from 10am to 2pm in the Student Center.' });
  });

  it('keeps edited insights, re-indexes them, and the weekly refresh re-reads completed links', async () => {
    // Two completed links of this test's own; they are deleted again at the end.
    const admissions = (await add({ name: 'Admissions to refresh', url: `${base}/admissions?refresh=1` })).json;
    const visit = (await add({ name: 'Visit to refresh', url: `${base}/short?refresh=1` })).json;
    for (const link of [admissions, visit]) expect((await generate(link.id)).json.status).toBe('completed');
    const id = String(admissions.id);
    try {
      const edited = await call(linkRoute.PUT, 'PUT', `/web-links/${id}`, { token, params: { id }, body: { insights_summary: 'Campus tours run every Friday at noon.' } });
      expect(edited.json.insights_summary).toBe('Campus tours run every Friday at noon.');
      expect((await searchKnowledge(schoolId, 'campus tours friday'))[0]!.content).toContain('Friday at noon');

      tuition = 'Tuition for the 2027-28 year is $25,900 for full-time undergraduates.';
      const result = await refreshCompletedWebLinks();
      expect(result.refreshed).toBeGreaterThanOrEqual(2);
      const after = (await call(linksRoute.GET, 'GET', '/web-links/', { token })).json.find((l: { id: number }) => l.id === admissions.id);
      expect(after.insights_summary).toContain('$25,900');
    } finally {
      // The site's figure goes back, and every link other tests made reads it again.
      tuition = TUITION_2026;
      await refreshCompletedWebLinks();
      for (const link of [admissions, visit]) await call(linkRoute.DELETE, 'DELETE', `/web-links/${link.id}`, { token, params: { id: String(link.id) } });
    }
  });

  it('deletes a link with its passages, answers 404 without a school, and keeps schools apart', async () => {
    const created = await add({ name: 'Visit to delete', url: `${base}/short?delete=1` });
    expect((await generate(created.json.id)).json.status).toBe('completed');
    const list = (await call(linksRoute.GET, 'GET', '/web-links/', { token })).json;
    const id = String(created.json.id);
    expect((await call(linkRoute.PUT, 'PUT', `/web-links/${id}`, { token: other, params: { id }, body: { name: 'Hijack' } })).status).toBe(404);
    expect((await generate(Number(id), other)).status).toBe(404);
    expect((await call(linkRoute.DELETE, 'DELETE', `/web-links/${id}`, { token: other, params: { id } })).status).toBe(404);
    expect((await call(linksRoute.GET, 'GET', '/web-links/', { token: other })).json).toEqual([]);
    const none = await call(linksRoute.GET, 'GET', '/web-links/', { token: noSchool });
    expect(none.status).toBe(404);
    expect(none.json.detail).toContain('No school associated');
    expect((await call(linkRoute.DELETE, 'DELETE', `/web-links/${id}`, { token, params: { id } })).status).toBe(200);
    expect((await call(linksRoute.GET, 'GET', '/web-links/', { token })).json).toHaveLength(list.length - 1);
  });
});
