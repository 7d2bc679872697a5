import fs from 'node:fs';
import http from 'node:http';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { conversationReference as ref } from '../../lib/conversations/reference';
import { embedCode } from '../../lib/widget/embed';
import { createUser, expectAccessible, ownerToken, signIn, uniq, widgetVisitor } from './helpers';
import { E2E_PORT, HOST_PAGE_PORT, WEBSITE_PORT } from './ports';

const TUITION = 'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students.';

async function schoolStaff(request: APIRequestContext, website: string | null = 'https://harbor.example.edu') {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  const name = uniq('Harbor College ');
  expect((await request.post('/schools/', { data: website ? { name, website_url: website } : { name }, headers: auth })).status()).toBe(201);
  await request.patch('/schools/my-school/tuition', { data: { tuition_info: TUITION }, headers: auth });
  await request.patch('/schools/my-school/contact', { data: { contact_points: [{ name: 'Office of Admissions', email: 'admissions@harbor.example.edu' }] }, headers: auth });
  return { user, auth, name };
}

test('API Key tab: generate, show, copy, embed code, demo page, JSON views, regenerate, and the test chat', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { user, auth } = await schoolStaff(request);
  await signIn(page, user.email, user.password);
  await page.getByRole('link', { name: /Chatbot/ }).click();
  await expect(page.getByRole('heading', { name: 'Chatbot Management' })).toBeVisible();
  await expect(page.getByText('No API key yet. Generate one to get your embed code.')).toBeVisible();
  // Styling and Lead Gen appear once a key exists.
  await expect(page.getByRole('tab', { name: /Styling|Lead Gen/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Generate API Key' }).click();
  const keyBox = page.getByTestId('api-key');
  await expect(keyBox).toHaveText(/^lk_pub_/);
  await expect(page.getByRole('tab', { name: 'Styling' })).toBeEnabled();
  await expect(page.getByRole('tab', { name: 'Lead Gen' })).toBeEnabled();
  const key = (await keyBox.textContent())!;
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(keyBox).toContainText('•');
  await expect(keyBox).not.toContainText(key);

  await page.getByRole('button', { name: 'Copy Key' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expect(page.getByRole('button', { name: 'Copy Key' })).toBeVisible({ timeout: 4000 });

  await page.getByRole('button', { name: 'Show Embed Code' }).click();
  await expect(page.getByTestId('embed-code')).toContainText(`data-key="${key}"`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^chat-widget-demo-\d{4}-\d{2}-\d{2}\.html$/);
  const demo = fs.readFileSync((await download.path())!, 'utf8');
  expect(demo).toContain(`data-key="${key}"`);
  expect(demo).toContain(`src="http://127.0.0.1:${E2E_PORT}/widget.js"`);

  await page.getByRole('button', { name: 'View Knowledge Sources' }).click();
  await expect(page.getByRole('dialog', { name: 'Knowledge Sources' })).toContainText('"fact_sheet"');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'View All Instructions' }).click();
  await expect(page.getByRole('dialog', { name: 'All Instructions' })).toContainText('"system_prompt"');
  await expectAccessible(page, 'instructions modal');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expectAccessible(page, 'API Key tab');

  await page.getByRole('button', { name: 'Regenerate API Key' }).click();
  await expect(page.getByRole('dialog', { name: 'Regenerate API Key?' })).toContainText('stops working at once');
  await page.getByRole('dialog').getByRole('button', { name: 'Regenerate' }).click();
  // The box showed the old key masked, so "not the old key" alone is true before the new one arrives.
  await expect(keyBox).toHaveText(/^lk_pub_[^•]+$/);
  await expect(keyBox).not.toHaveText(key);
  const old = await request.post('/api/widget/chat', { data: { message: 'hi' }, headers: { 'x-api-key': key } });
  expect(old.status()).toBe(401);
  const fresh = (await (await request.get('/chatbot/current-key', { headers: auth })).json()).api_key;
  await expect(keyBox).toHaveText(fresh);

  // The Testing tab has no button of its own: the API Key tab leads there.
  await page.getByRole('button', { name: 'Test Your Chatbot' }).click();
  await expect(page.getByRole('heading', { name: 'Chat with Admissions Assistant' })).toBeVisible();
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText('How can I help you today?');
  const input = page.getByLabel('Type your message');
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await input.fill('a');
  await input.press('Shift+Enter');
  await input.pressSequentially('b');
  await expect(input).toHaveValue('a\nb');
  await page.getByRole('button', { name: 'How much is tuition?' }).click();
  await expect(input).toHaveValue('How much is tuition?');
  await input.press('Enter');
  await expect(page.getByTestId('ai-message').last()).toContainText('$24,500 per year');
  await expect(page.getByText('Answering with: Local model')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Chat' }).click();
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  await expect(page.getByTestId('ai-message')).toHaveCount(1);
  await expectAccessible(page, 'test chat');

  // The test chat's conversation is stored, marked as a test.
  const list = await (await request.get('/conversations/', { headers: auth })).json();
  expect(list.filter((c: { source: string }) => c.source === 'test_chat')).toHaveLength(1);
});

test('API Key tab: lists the websites allowed right now, and says when localhost is allowed and why', async ({ page, request }) => {
  // The e2e server's APP_URL is on 127.0.0.1, so this is a development install.
  const { user, auth } = await schoolStaff(request, null);
  await request.post('/chatbot/generate-api-key', { headers: auth });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  const now = page.getByRole('list', { name: 'Allowed right now' });
  // No website and no list yet: the development convenience is on, and the tab says so.
  await expect(now).toContainText('localhost (development install, until you set your website or list a site)');
  await expect(now).toContainText('file: (pages opened from disk)');
  await expect(page.getByText(/has not set its website or listed a site, so pages on localhost and pages opened from your computer may show the chat/)).toBeVisible();

  await page.getByLabel('Other allowed websites').fill('https://open-day.partner.org');
  await page.getByRole('button', { name: 'Save Allowed Websites' }).click();
  await expect(page.getByText('Allowed websites saved successfully')).toBeVisible();
  await expect(now.getByRole('listitem')).toHaveCount(1);
  await expect(now).toContainText('https://open-day.partner.org (listed by you)');
  await expect(page.getByText(/Pages on localhost and pages opened from your computer are not allowed/)).toBeVisible();
  await expectAccessible(page, 'API Key tab, allowed websites');

  // The list is the server's: the key now refuses a page on localhost.
  const key = (await (await request.get('/chatbot/current-key', { headers: auth })).json()).api_key;
  const local = await request.get('/api/widget/persona-info', { headers: { 'x-api-key': key, origin: 'http://localhost:8080' } });
  expect(local.status()).toBe(403);
  expect((await request.get('/api/widget/persona-info', { headers: { 'x-api-key': key, origin: 'https://open-day.partner.org' } })).status()).toBe(200);
});

test('narrow screens show the chatbot tabs as an accordion with API Key open', async ({ page, request }) => {
  const { user } = await schoolStaff(request);
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  // toHaveText waits for the page to render; allTextContents would read whatever is there yet.
  // Styling and Lead Gen wait for a key; no promise that is not kept.
  await expect(page.locator('main h2 > button')).toHaveText([/^Setup/, /^API Key/, /^Logs/, /^Analytics/]);
  await expect(page.getByText('Needs an API key')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'API Key', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Generate API Key' }).click();
  await expect(page.getByTestId('api-key')).toHaveText(/^lk_pub_/);
  await expect(page.locator('main h2 > button')).toHaveText([/^Setup/, /^API Key/, /^Styling/, /^Lead Gen/, /^Live Chat/, /^Logs/, /^Analytics/]);
});

test('on a phone, Test Your Chatbot brings the chat into view with the caret in its input (issue 14 #16)', async ({ page, request }) => {
  const { user, auth } = await schoolStaff(request);
  expect((await request.post('/chatbot/generate-api-key', { headers: auth })).ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  const open = page.getByRole('button', { name: 'Test Your Chatbot' });
  await open.scrollIntoViewIfNeeded();
  await open.click();
  await expect(page.getByTestId('test-chat-panel')).toBeInViewport();
  await expect(page.getByLabel('Type your message')).toBeFocused();
  await expect(page.getByLabel('Type your message')).toBeInViewport();
  await page.keyboard.type('What programs do you offer?');
  await expect(page.getByLabel('Type your message')).toHaveValue('What programs do you offer?');
});

test('a message sent in the test chat before its key has loaded waits for it and is answered', async ({ page, request }) => {
  const { user, auth } = await schoolStaff(request);
  expect((await request.post('/chatbot/generate-api-key', { headers: auth })).ok()).toBe(true);
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  const open = page.getByRole('button', { name: 'Test Your Chatbot' });
  await expect(open).toBeVisible();
  // From here the screen's server actions (the test chat's key among them) are held back until the message is typed and sent.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/dashboard/chatbot', async (route) => {
    if (route.request().method() === 'POST' && route.request().headers()['next-action']) await held;
    await route.continue();
  });
  await open.click();
  const input = page.getByLabel('Type your message');
  await input.fill('How much is tuition?');
  await input.press('Enter');
  await expect(page.getByTestId('user-message')).toHaveText('How much is tuition?');
  release();
  await expect(page.getByTestId('ai-message').last()).toContainText('$24,500 per year');
  await expect(page.getByTestId('ai-message').first()).toContainText('How can I help');
});

/** A school's web page on another origin, with the embed code pasted in. */
function hostSite(code: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbor College</title></head><body><main><h1>Welcome to Harbor College</h1><p>Apply today.</p></main>\n${code}\n</body></html>`);
  });
  return new Promise<http.Server>((resolve) => server.listen(HOST_PAGE_PORT, () => resolve(server)));
}

async function openWidget(page: Page) {
  await page.goto(`http://localhost:${HOST_PAGE_PORT}/`);
  const launcher = page.locator('lantern-widget').getByRole('button', { name: /^Chat with/ });
  await launcher.click();
  const frame = page.frameLocator('iframe[title^="Chat with"]');
  await expect(frame.getByRole('log')).toContainText('How can I help you today?');
  return frame;
}

test.describe('the widget on a school website', () => {
  let site: http.Server;
  let key: string;
  let auth: Record<string, string>;

  test.beforeAll(async ({ request }) => {
    // The school's website is the host page itself, port and all, and nothing is listed: the setup a
    // school really has (the development-only localhost allowance ends once a website is set).
    const staff = await schoolStaff(request, `http://localhost:${HOST_PAGE_PORT}`);
    auth = staff.auth;
    key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key;
    site = await hostSite(embedCode({ apiKey: key, apiUrl: `http://127.0.0.1:${E2E_PORT}` }));
  });
  test.afterAll(async () => {
    await new Promise((r) => site.close(r));
  });

  const conversations = async (request: APIRequestContext) => (await (await request.get('/conversations/', { headers: auth })).json()) as { id: number; session_id: string; status: string; message_count: number; widget_opened_at: string | null; lead_id: number | null }[];
  const sessionOf = (page: Page) => page.evaluate((k) => JSON.parse(localStorage.getItem(`lantern:session:${k.slice(0, 12)}`) ?? 'null')?.id ?? null, key);

  test('a visitor opens the chat, asks, gets the school’s answer, and the conversation is stored with its events', async ({ page, request }) => {
    const frame = await openWidget(page);
    const session = (await sessionOf(page))!;
    await frame.getByLabel('Type your message').fill('How much is tuition?');
    await frame.getByLabel('Type your message').press('Enter');
    await expect(frame.getByRole('log')).toContainText('$24,500 per year');
    await frame.getByRole('button', { name: 'Helpful' }).first().click();
    await expect(frame.getByRole('button', { name: 'Helpful' }).first()).toHaveAttribute('aria-pressed', 'true');

    await expect.poll(async () => (await conversations(request)).find((c) => c.session_id === ref(session))?.status).toBe('engaged');
    const conv = (await conversations(request)).find((c) => c.session_id === ref(session))!;
    expect(conv.message_count).toBe(2);
    expect(conv.widget_opened_at).not.toBeNull();
    await expect
      .poll(async () => (await (await request.get(`/conversations/${conv.id}`, { headers: auth })).json()).messages[1]?.user_feedback_rating)
      .toBe(1);
    const detail = await (await request.get(`/conversations/${conv.id}`, { headers: auth })).json();
    expect(detail.messages[0]).toMatchObject({ role: 'user', content: 'How much is tuition?' });
    expect(detail.messages[1].content).toContain('$24,500');
  });

  test('a link that names a session opens a conversation of its own: the planted session gets nothing (issue 47)', async ({ browser, request }) => {
    const page = await browser.newPage();
    const planted = 'planted-session-0047';
    await page.goto(`/widget/frame?key=${key}&session=${planted}`);
    const input = page.getByLabel('Type your message');
    await input.fill('How much is tuition?');
    await input.press('Enter');
    await expect(page.getByRole('log')).toContainText('$24,500 per year');
    const own = (await page.evaluate(() => sessionStorage.getItem('lantern:session')))!;
    expect(own).not.toBe(planted);
    await expect.poll(async () => (await conversations(request)).find((c) => c.session_id === ref(own))?.message_count).toBe(2);
    expect((await conversations(request)).some((c) => c.session_id === ref(planted))).toBe(false);
    await page.close();
  });

  test('a page view that never opens the chat is stored as widget_loaded', async ({ browser, request }) => {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${HOST_PAGE_PORT}/`);
    await expect(page.locator('lantern-widget').getByRole('button', { name: /^Chat with/ })).toBeVisible();
    const session = (await sessionOf(page))!;
    await expect.poll(async () => (await conversations(request)).find((c) => c.session_id === ref(session))?.status).toBe('widget_loaded');
    await page.close();
  });

  test('the quick info card creates a lead', async ({ browser, request }) => {
    const saved = await request.put('/lead-gen/settings', {
      data: { enabled: true, collection_mode: 'smart_card', field_order: ['first_name', 'email'], minimum_requirements: 'first_name AND email', smart_card_instructions: 'Tell us how to reach you.' },
      headers: auth,
    });
    expect(saved.status()).toBe(200);
    const page = await browser.newPage();
    const frame = await openWidget(page);
    const session = (await sessionOf(page))!;
    await frame.getByLabel('Type your message').fill('Do you have rowing?');
    await frame.getByLabel('Type your message').press('Enter');
    // The card waits until the visitor has read an answer and asked again (issue 48 item 10).
    await expect(frame.getByRole('log')).not.toHaveAttribute('aria-busy', 'true');
    const card = frame.getByRole('form', { name: 'Quick info' });
    await expect(card).toHaveCount(0);
    await frame.getByLabel('Type your message').fill('How much is tuition?');
    await frame.getByLabel('Type your message').press('Enter');
    await expect(card).toContainText('Tell us how to reach you.');
    await card.getByLabel('First Name').fill('Avery');
    await card.getByRole('button', { name: 'Submit' }).click();
    await expect(card).toContainText('Please provide: Email');
    await card.getByLabel('Email').fill('avery@example.com');
    await card.getByRole('button', { name: 'Submit' }).click();
    await expect(frame.getByText('Thanks! An admissions counsellor will be in touch.')).toBeVisible();
    await expect.poll(async () => (await conversations(request)).find((c) => c.session_id === ref(session))?.lead_id).toEqual(expect.any(Number));
    await page.close();
  });

  test('on a website the school has not allowed, the launcher is not drawn and the console says why, once', async ({ browser }) => {
    const page = await browser.newPage();
    const said: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('[Lantern chat]')) said.push(m.text());
    });
    // The same page on 127.0.0.1 is another site than the school's website http://localhost:<port>.
    const origin = `http://127.0.0.1:${HOST_PAGE_PORT}`;
    await page.goto(`${origin}/`);
    await expect.poll(() => said).toEqual([`[Lantern chat] this website (${origin}) is not in the school's allowed websites, so the chat is not shown. Staff can add it under Chatbot > API Key > Allowed Websites.`]);
    await expect(page.locator('lantern-widget')).toHaveCount(0);
    await page.close();
  });

  test('too many messages: a notice with the time to wait, and the typed message kept', async ({ browser, request }) => {
    const page = await browser.newPage();
    const frame = await openWidget(page);
    const session = (await sessionOf(page))!;
    // The visitor's session has used its messages for this minute (20, WIDGET_SESSION_LIMIT_PER_MINUTE).
    const visitor = widgetVisitor(request, key);
    for (let i = 0; i < 20; i++) {
      const res = await visitor('/api/widget/chat', { message: 'hi', session_id: session });
      expect(res.status()).toBe(200);
    }
    const input = frame.getByLabel('Type your message');
    await input.fill('Is there housing for first-years?');
    await input.press('Enter');
    const notice = frame.getByRole('status').filter({ hasText: 'Too many messages' });
    await expect(notice).toContainText(/You can send your message again in \d+ seconds?\./);
    await expect(input).toHaveValue('Is there housing for first-years?');
    await expect(frame.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    // Not a message of the conversation: neither the question nor the refusal is in the log.
    const log = frame.getByRole('log');
    await expect(log).not.toContainText('Too many messages');
    await expect(log).not.toContainText('Is there housing for first-years?');
    await page.close();
  });

  test('the quick info card keeps the answer it follows in view', async ({ browser, request }) => {
    const saved = await request.put('/lead-gen/settings', {
      data: { enabled: true, collection_mode: 'smart_card', field_order: ['first_name', 'last_name', 'email', 'phone'], minimum_requirements: 'first_name AND email', smart_card_instructions: 'Tell us how to reach you.' },
      headers: auth,
    });
    expect(saved.status()).toBe(200);
    // A short window: the panel is at most the viewport's height less the launcher.
    const page = await browser.newPage({ viewport: { width: 1000, height: 520 } });
    const frame = await openWidget(page);
    for (const question of ['When is the application deadline?', 'How much is tuition?']) {
      await frame.getByLabel('Type your message').fill(question);
      await frame.getByLabel('Type your message').press('Enter');
      await expect(frame.getByRole('log')).not.toHaveAttribute('aria-busy', 'true');
    }
    await expect(frame.getByRole('form', { name: 'Quick info' })).toBeVisible();
    const answer = frame.locator('.row.ai').last();
    await expect(answer).toContainText('$24,500 per year');
    const log = (await frame.getByRole('log').boundingBox())!;
    const box = (await answer.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(log.y - 1);
    expect(box.y).toBeLessThan(log.y + log.height);
    await page.close();
  });
});

test('a school whose website is an address with a port opens the chat on that site', async ({ browser, request }) => {
  const website = `http://127.0.0.1:${WEBSITE_PORT}`;
  const { auth } = await schoolStaff(request, website);
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbor College</title></head><body><h1>Harbor College</h1>\n${embedCode({ apiKey: key, apiUrl: `http://127.0.0.1:${E2E_PORT}` })}\n</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(WEBSITE_PORT, '127.0.0.1', resolve));
  try {
    const page = await browser.newPage();
    const frameResponse = page.waitForResponse((r) => r.url().includes('/widget/frame'));
    await page.goto(`${website}/`);
    await page.locator('lantern-widget').getByRole('button', { name: /^Chat with/ }).click();
    // The browser shows the frame only when its frame-ancestors name this page, port included.
    expect((await frameResponse).headers()['content-security-policy']).toContain('http://127.0.0.1:*');
    const frame = page.frameLocator('iframe[title^="Chat with"]');
    await expect(frame.getByRole('log')).toContainText('How can I help you today?');
    await frame.getByLabel('Type your message').fill('How much is tuition?');
    await frame.getByLabel('Type your message').press('Enter');
    await expect(frame.getByRole('log')).toContainText('$24,500 per year');
    await page.close();
  } finally {
    await new Promise((r) => server.close(r));
  }
});
