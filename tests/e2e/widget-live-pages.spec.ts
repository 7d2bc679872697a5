import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { embedCode } from '../../lib/widget/embed';
import { liveSchool, signIn, uniq, widgetVisitor } from './helpers';
import { E2E_PORT, HOST_PAGE_PORT } from './ports';

// The widget across the pages of a school's site (issue 48 items 5 and 10): a staff member's message
// that comes while the chat is closed shows on the launcher (a count, a one-line preview, said once
// to screen readers, no sound), the chat with a person follows the visitor to the next page, and on
// a phone the quick info card waits for an answer the visitor has read and starts as one line.

const TUITION = 'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students.';
const HOST = `http://localhost:${HOST_PAGE_PORT}`;
const PAGES: Record<string, string> = { '/': 'Aspen College', '/visit': 'Visit us | Aspen College', '/apply': 'Apply | Aspen College' };

let site: http.Server;
let staff: { email: string; password: string };
let auth: Record<string, string>;

async function school(request: APIRequestContext) {
  const made = await liveSchool(request, { name: 'Aspen College ', website: HOST, staff: { first_name: 'Maya', last_name: 'Lopez' }, tuition: TUITION, waitMinutes: 5 });
  return { ...made, headers: made.auth };
}

/** Three pages of the school's site, each with its title, linking to each other, the chat on each. */
function hostSite(code: string) {
  const server = http.createServer((req, res) => {
    const path = (req.url || '/').split('?')[0]!;
    res.writeHead(PAGES[path] ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${PAGES[path] ?? 'Not found'}</title></head><body>` +
        `<nav><a href="/">Home</a> <a href="/visit">Visit</a> <a href="/apply">Apply</a></nav><main><h1>${PAGES[path] ?? 'Not found'}</h1></main>\n${code}\n</body></html>`,
    );
  });
  return new Promise<http.Server>((resolve) => server.listen(HOST_PAGE_PORT, () => resolve(server)));
}

const widgetOf = (page: Page) => page.locator('lantern-widget');
const launcherOf = (page: Page) => widgetOf(page).getByRole('button', { name: /^Chat with/ });
const frameOf = (page: Page) => page.frameLocator('iframe[title^="Chat with"]');
/** WCAG 2.2 AA problems axe finds on the page (the chat frame included). */
const axeFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** Sounds the page and the chat frame started (every way a page plays one is counted), one figure per frame. */
async function soundsIn(page: Page) {
  expect(page.frames().some((f) => f.url().includes('/widget/frame'))).toBe(true);
  return Promise.all(page.frames().map((f) => f.evaluate(() => (window as unknown as { __sounds?: number }).__sounds)));
}

test.beforeAll(async ({ request }) => {
  const made = await school(request);
  staff = made.user;
  auth = made.headers;
  site = await hostSite(embedCode({ apiKey: made.key, apiUrl: `http://127.0.0.1:${E2E_PORT}` }));
});
test.afterAll(async () => {
  await new Promise((r) => site.close(r));
});

test("a person's message while the chat is closed shows on the launcher, and the chat follows the visitor to the next page", async ({ browser, page }) => {
  await signIn(page, staff.email, staff.password);
  await page.goto('/dashboard/live');
  const available = page.getByRole('switch', { name: 'Available to chat' });
  await expect(available).toBeEnabled();
  await available.click();
  await expect(available).toHaveAttribute('aria-checked', 'true');

  // The visitor's browser, where every way of playing a sound is counted (the page and the chat frame).
  const visitorContext = await browser.newContext();
  await visitorContext.addInitScript(() => {
    const w = window as unknown as { __sounds: number; AudioContext: unknown; webkitAudioContext: unknown };
    w.__sounds = 0;
    HTMLMediaElement.prototype.play = function () {
      w.__sounds += 1;
      return Promise.resolve();
    };
    w.AudioContext = w.webkitAudioContext = class {
      constructor() {
        w.__sounds += 1;
      }
    };
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${HOST}/`);
  await launcherOf(visitor).click();
  let chat = frameOf(visitor);
  const box = chat.getByLabel('Type your message');
  await box.fill('How much is tuition?');
  await box.press('Enter');
  await expect(chat.locator('.row.ai').last()).toContainText('$24,500');
  // The request for a person carries the page the visitor is on (its address without the fragment, its title).
  const requested = visitor.waitForRequest((r) => r.url().endsWith('/api/widget/live/request'));
  await box.fill('Can I talk to a person please?');
  await box.press('Enter');
  await expect(chat.getByText('Connecting you with someone from the admissions team…')).toBeVisible();
  expect((await requested).postDataJSON().page).toEqual({ url: `${HOST}/`, title: 'Aspen College' });

  const waiting = page.getByRole('region', { name: /Waiting/ }).getByRole('button');
  await expect(waiting).toHaveCount(1);
  await waiting.click();
  const conversation = page.getByRole('region', { name: /^Visitor / });
  await conversation.getByRole('button', { name: 'Join' }).click();
  await expect(chat.getByText('Maya from the admissions team joined the chat.')).toBeVisible();
  const write = async (text: string) => {
    const input = conversation.getByLabel('Your message');
    await input.fill(text);
    await input.press('Enter');
  };
  await write('Hi, I am Maya from admissions. How can I help?');
  await expect(chat.locator('.row.staff').last()).toContainText('How can I help?');

  // The visitor closes the chat and moves to another page with nothing unread: the chat stays
  // closed there, but is loaded (the person's messages keep coming) and tells the Live view the page.
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await expect(launcherOf(visitor)).toHaveAttribute('aria-expanded', 'false');
  const paged = visitor.waitForRequest((r) => r.url().endsWith('/api/widget/live/page') && r.method() === 'POST');
  await visitor.getByRole('link', { name: 'Visit' }).click();
  await expect(visitor).toHaveTitle('Visit us | Aspen College');
  expect((await paged).postDataJSON()).toMatchObject({ url: `${HOST}/visit`, title: 'Visit us | Aspen College' });
  await expect(launcherOf(visitor)).toHaveAttribute('aria-expanded', 'false');
  const widget = widgetOf(visitor);
  const badge = widget.locator('.bd');
  await expect(badge).toBeHidden();

  // A message while it is closed: a count on the launcher and the words in one line, said once
  // through a polite live region that also describes the launcher.
  await write('Are you still there? Our next campus tour is on Saturday at 10.');
  await expect(badge).toHaveText('1');
  const preview = widget.getByRole('button', { name: 'Maya: Are you still there? Our next campus tour is on Saturday at 10.' });
  await expect(preview).toBeVisible();
  const news = widget.locator('[aria-live="polite"]');
  await expect(news).toHaveText('New message from Maya: Are you still there? Our next campus tour is on Saturday at 10.');
  await expect(launcherOf(visitor)).toHaveAccessibleDescription('New message from Maya: Are you still there? Our next campus tour is on Saturday at 10.');
  await write('I can also send you the financial aid checklist.');
  await expect(badge).toHaveText('2');
  await expect(widget.getByRole('button', { name: 'Maya: I can also send you the financial aid checklist.' })).toBeVisible();
  await expect(news).toHaveText('New message from Maya: I can also send you the financial aid checklist.');
  // One preview line: it does not wrap.
  const line = await widget.locator('.bub .m').evaluate((el) => ({ height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) }));
  expect(line.height).toBeLessThan(line.lineHeight * 1.5);
  expect(await axeFindings(visitor)).toEqual([]);
  expect(await soundsIn(visitor)).toEqual(visitor.frames().map(() => 0));

  // The next page: the chat opens by itself with the conversation (a message waited unread), the
  // badge gone, and focus left on the page.
  await visitor.getByRole('link', { name: 'Apply' }).click();
  await expect(visitor).toHaveTitle('Apply | Aspen College');
  await expect(launcherOf(visitor)).toHaveAttribute('aria-expanded', 'true');
  chat = frameOf(visitor);
  await expect(chat.locator('.row.staff').last()).toContainText('financial aid checklist');
  await expect(chat.getByRole('log')).toContainText('Our next campus tour is on Saturday at 10.');
  await expect(badge).toBeHidden();
  await expect(widget.locator('.bub')).toBeHidden();
  expect(await visitor.evaluate(() => document.activeElement === document.body)).toBe(true);

  // The conversation goes on, both ways; a message while the chat is open is only in the chat.
  await chat.getByLabel('Type your message').fill('Yes, please send it. Can I bring my parents on the tour?');
  await chat.getByLabel('Type your message').press('Enter');
  await expect(conversation.getByRole('log', { name: 'Messages' })).toContainText('Can I bring my parents on the tour?');
  await write('Of course, families are welcome.');
  await expect(chat.locator('.row.staff').last()).toContainText('families are welcome');
  await expect(badge).toBeHidden();
  expect(await soundsIn(visitor)).toEqual(visitor.frames().map(() => 0));

  // Back with the assistant: the next page opens nothing by itself.
  await conversation.getByRole('button', { name: 'Hand back to assistant' }).click();
  await expect(chat.getByText("You're chatting with the assistant again.")).toBeVisible();
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await visitor.getByRole('link', { name: 'Home' }).click();
  await expect(visitor).toHaveTitle('Aspen College');
  await expect(launcherOf(visitor)).toHaveAttribute('aria-expanded', 'false');
  await expect(visitor.locator('iframe[title^="Chat with"]')).toHaveCount(0);
  await visitorContext.close();
});

test('on a phone the quick info card waits for an answer the visitor has read, and starts as one line that opens it', async ({ browser, request }) => {
  const saved = await request.put('/lead-gen/settings', {
    data: { enabled: true, collection_mode: 'smart_card', field_order: ['first_name', 'email'], minimum_requirements: 'first_name AND email', smart_card_instructions: 'Tell us how to reach you and we will send you our viewbook.' },
    headers: auth,
  });
  expect(saved.status()).toBe(200);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const phone = await context.newPage();
    await phone.goto(`${HOST}/`);
    await launcherOf(phone).click();
    const chat = frameOf(phone);
    const box = chat.getByLabel('Type your message');
    const log = chat.getByRole('log');
    const card = chat.getByRole('form', { name: 'Quick info' });

    // The first answer is the visitor's to read: no card under it.
    await box.fill('How much is tuition?');
    await box.press('Enter');
    await expect(log).not.toHaveAttribute('aria-busy', 'true');
    await expect(chat.locator('.row.ai').last()).toContainText('$24,500');
    await expect(card).toHaveCount(0);

    // They read it and asked again: the card comes with the second answer, as one line.
    await box.fill('Is tuition the same for out-of-state students?');
    await box.press('Enter');
    await expect(log).not.toHaveAttribute('aria-busy', 'true');
    const open = card.getByRole('button', { name: 'Tell us how to reach you and we will send you our viewbook.' });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await expect(card.getByLabel('First Name')).toHaveCount(0);
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.height).toBeLessThan(64);
    // The answer it follows stays in view above it.
    const answer = (await chat.locator('.row.ai').last().boundingBox())!;
    const view = (await log.boundingBox())!;
    expect(answer.y).toBeGreaterThanOrEqual(view.y - 1);
    expect(answer.y + answer.height).toBeLessThanOrEqual(cardBox.y + 1);
    expect(await axeFindings(phone)).toEqual([]);

    // The line opens the card with the school's text and fields; it creates the lead as before.
    await open.click();
    await expect(card).toContainText('Tell us how to reach you and we will send you our viewbook.');
    await expect(card.getByLabel('First Name')).toBeFocused();
    await card.getByLabel('First Name').fill('Noor');
    await card.getByLabel('Email').fill('noor@example.com');
    await card.getByRole('button', { name: 'Submit' }).click();
    await expect(chat.getByText('Thanks! An admissions counsellor will be in touch.')).toBeVisible();
  } finally {
    await context.close();
    await request.put('/lead-gen/settings', { data: { enabled: false, collection_mode: 'conversational' }, headers: auth });
  }
});

test("during office hours with someone available, the chat says how soon the team usually replies, in the visitor's language (issue 48 item 4)", async ({ browser, request }) => {
  // A school of its own: five live chats a person joined (each within seconds, so the median is read as 1 minute).
  test.setTimeout(150_000);
  const { key, headers } = await school(request);
  expect((await request.put('/live/availability', { data: { available: true }, headers })).status()).toBe(200);
  const visitor = widgetVisitor(request, key);
  for (let i = 0; i < 5; i++) {
    const ask = () => visitor('/api/widget/live/request', { session_id: uniq('reply-'), message: 'Can I talk to someone, please?' });
    let asked = await ask();
    // Every e2e visitor comes from this machine's address: the live tests before this one may have
    // spent its requests for a person this minute (10 an address); the answer says when to ask again.
    if (asked.status() === 429) {
      await new Promise((r) => setTimeout(r, Number(asked.headers()['retry-after'] ?? 60) * 1000));
      asked = await ask();
    }
    const body = await asked.json();
    expect(body.status, JSON.stringify(body)).toBe('waiting');
    const waiting = (await (await request.get('/live/conversations?status=waiting', { headers })).json()) as { id: number }[];
    for (const { id } of waiting) expect((await request.post(`/live/conversations/${id}/join`, { headers })).status()).toBe(200);
  }
  const context = await browser.newContext({ locale: 'es-ES' });
  try {
    const chat = await context.newPage();
    await chat.goto(`/widget/frame?key=${key}`);
    await expect(chat.getByText('El equipo de admisiones suele responder en 1 minuto', { exact: true })).toBeVisible();
    expect(await axeFindings(chat)).toEqual([]);
    // Nobody available: no promise.
    expect((await request.put('/live/availability', { data: { available: false }, headers })).status()).toBe(200);
    await chat.reload();
    await expect(chat.getByLabel('Escribe tu mensaje')).toBeVisible();
    await expect(chat.getByText(/suele responder/)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
