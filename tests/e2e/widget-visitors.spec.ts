import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { embedCode } from '../../lib/widget/embed';
import { createUser, ownerToken, uniq } from './helpers';
import { E2E_PORT, HOST_PAGE_PORT } from './ports';

// Issue 26: every visitor served. A keyboard and screen-reader visitor, visitors reading other
// languages, and a visitor who wants a person, each on a school's own website (another origin).

const TUITION = 'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students.';
const HOST = `http://localhost:${HOST_PAGE_PORT}`;

async function school(request: APIRequestContext) {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Cedar College '), website_url: 'https://cedar.example.edu' }, headers: auth })).status()).toBe(201);
  await request.patch('/schools/my-school/tuition', { data: { tuition_info: TUITION }, headers: auth });
  await request.patch('/schools/my-school/contact', { data: { contact_points: [{ name: 'Office of Admissions', email: 'admissions@cedar.example.edu' }] }, headers: auth });
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  expect((await request.put('/chatbot/allowed-origins', { data: { allowed_origins: [HOST] }, headers: auth })).status()).toBe(200);
  return { auth, key };
}

/** The school's page: a few links before the chat, and one link drawn where the open panel sits. */
function hostSite(code: () => string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cedar College</title></head><body><main><h1>Welcome to Cedar College</h1>` +
        `<p><a href="#apply">Apply</a> <a href="#visit">Visit</a></p>` +
        `<a id="under" href="#under" style="position:fixed;right:60px;bottom:300px">Financial aid</a></main>\n${code()}\n</body></html>`,
    );
  });
  return new Promise<http.Server>((resolve) => server.listen(HOST_PAGE_PORT, () => resolve(server)));
}

const launcherOf = (page: Page) => page.locator('lantern-widget').getByRole('button', { name: /^Chat with/ });
const frameOf = (page: Page) => page.frameLocator('iframe[title^="Chat with"]');
const isLauncherFocused = (page: Page) => page.evaluate(() => document.activeElement?.tagName === 'LANTERN-WIDGET' && document.activeElement.shadowRoot?.activeElement?.classList.contains('btn') === true);

let site: http.Server;
let key = '';
let auth: Record<string, string> = {};

test.beforeAll(async ({ request }) => {
  ({ key, auth } = await school(request));
  site = await hostSite(() => embedCode({ apiKey: key, apiUrl: `http://127.0.0.1:${E2E_PORT}` }));
});
test.afterAll(async () => {
  await new Promise((r) => site.close(r));
});

test.describe('an accessible widget', () => {
  test('a visitor uses the chat with the keyboard alone', async ({ page }) => {
    await page.goto(`${HOST}/`);
    await expect(launcherOf(page)).toBeVisible();
    // Tab through the page to the launcher: a real button with an accessible name.
    for (let i = 0; i < 10 && !(await isLauncherFocused(page)); i++) await page.keyboard.press('Tab');
    expect(await isLauncherFocused(page)).toBe(true);
    await expect(launcherOf(page)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(launcherOf(page)).toHaveAttribute('aria-expanded', 'true');

    // Opening moves focus into the chat's message box.
    const frame = frameOf(page);
    const box = frame.getByLabel('Type your message');
    await expect(box).toBeFocused();
    await page.keyboard.type('How much is tuition?');
    await page.keyboard.press('Enter');
    // The answer is announced politely, and focus stays in the message box.
    const announcer = frame.locator('[aria-live="polite"]');
    await expect(announcer).toContainText('$24,500 per year');
    await expect(box).toBeFocused();

    // Escape closes the chat and returns focus to the launcher.
    await page.keyboard.press('Escape');
    await expect(launcherOf(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('iframe[title^="Chat with"]')).toBeHidden();
    expect(await isLauncherFocused(page)).toBe(true);

    // Open again with Space: the conversation is still there.
    await page.keyboard.press('Space');
    await expect(box).toBeFocused();
    await expect(frame.getByRole('log')).toContainText('$24,500 per year');
  });

  test('axe finds nothing in the open widget with the default styling; every control is at least 24 × 24', async ({ page }) => {
    await page.goto(`${HOST}/`);
    await launcherOf(page).click();
    const frame = frameOf(page);
    await frame.getByLabel('Type your message').fill('How much is tuition?');
    await frame.getByLabel('Type your message').press('Enter');
    await expect(frame.getByRole('log')).toContainText('$24,500 per year');
    await frame.getByLabel('Type your message').fill('And housing?');

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    const small = await page.frames().find((f) => f.url().includes('/widget/frame'))!.evaluate(() =>
      [...document.querySelectorAll('button, textarea, input, [tabindex="0"]')]
        .map((el) => ({ el: el.outerHTML.slice(0, 60), r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.width < 24 || r.height < 24))
        .map(({ el }) => el),
    );
    expect(small).toEqual([]);
  });

  test('the open panel gets out of the way of a focused element of the page under it', async ({ page }) => {
    await page.goto(`${HOST}/`);
    await launcherOf(page).click();
    await expect(frameOf(page).getByLabel('Type your message')).toBeFocused();
    await page.locator('#under').focus();
    await expect(launcherOf(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#under')).toBeFocused();
  });

  test('the quick info card ties its error to the field, and a dark theme and unreadable colours stay readable', async ({ browser, request }) => {
    const saved = await request.put('/lead-gen/settings', {
      data: { enabled: true, collection_mode: 'smart_card', field_order: ['first_name', 'email'], minimum_requirements: 'first_name AND email', smart_card_instructions: 'Tell us how to reach you.' },
      headers: auth,
    });
    expect(saved.status()).toBe(200);
    // A school that picked a pale yellow with white text everywhere.
    const styling = { primaryColor: '#ffee58', headerTextColor: '#ffffff', buttonTextColor: '#ffffff', userBubbleBgColor: '#ffee58', userBubbleTextColor: '#ffffff', quickCardLinkColor: '#fff59d' };
    const res = await request.post('/widget-styling', { multipart: { styling: JSON.stringify(styling) }, headers: auth });
    expect(res.status()).toBe(200);
    try {
      const page = await browser.newPage();
      await page.goto(`${HOST}/`);
      await launcherOf(page).click();
      const frame = frameOf(page);
      await frame.getByLabel('Type your message').fill('Do you have rowing?');
      await frame.getByLabel('Type your message').press('Enter');
      const card = frame.getByRole('form', { name: 'Quick info' });
      await card.getByLabel('First Name').fill('Avery');
      await card.getByRole('button', { name: 'Submit' }).click();
      await expect(card.getByRole('alert')).toHaveText('Please provide: Email');
      const email = card.getByLabel('Email');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription('Please provide: Email');
      await expect(email).toBeFocused();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await page.close();
    } finally {
      await request.post('/widget-styling', { multipart: { styling: JSON.stringify({ primaryColor: '#007bff', headerTextColor: '#ffffff', buttonTextColor: '#ffffff', userBubbleBgColor: '#007bff', userBubbleTextColor: '#ffffff', quickCardLinkColor: '#007bff' }) }, headers: auth });
      await request.put('/lead-gen/settings', { data: { enabled: false, collection_mode: 'conversational' }, headers: auth });
    }
  });
});
