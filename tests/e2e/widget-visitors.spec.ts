import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { conversationReference as ref } from '../../lib/conversations/reference';
import { embedCode } from '../../lib/widget/embed';
import { createUser, ownerToken, signIn, uniq } from './helpers';
import { startInbox } from './inbox';
import { E2E_PORT, HOST_PAGE_PORT, SITE_PORT } from './ports';

// Every visitor served. A keyboard and screen-reader visitor, visitors reading other
// languages, and a visitor who wants a person, each on a school's own website (another origin).

const TUITION = 'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students.';
const HOST = `http://localhost:${HOST_PAGE_PORT}`;

async function school(request: APIRequestContext) {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  // The school's website is the host page (another origin than Lantern, with a port); nothing listed.
  expect((await request.post('/schools/', { data: { name: uniq('Cedar College '), website_url: HOST }, headers: auth })).status()).toBe(201);
  await request.patch('/schools/my-school/tuition', { data: { tuition_info: TUITION }, headers: auth });
  await request.patch('/schools/my-school/contact', { data: { contact_points: [{ name: 'Office of Admissions', email: 'admissions@cedar.example.edu' }] }, headers: auth });
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  return { auth, key, user };
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
let staff: { email: string; password: string };

test.beforeAll(async ({ request }) => {
  ({ key, auth, user: staff } = await school(request));
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

  test('the quick info card ties its error to the field, and unreadable colours are drawn readable', async ({ browser, request }) => {
    const saved = await request.put('/lead-gen/settings', {
      data: { enabled: true, collection_mode: 'smart_card', field_order: ['first_name', 'email'], minimum_requirements: 'first_name AND email', smart_card_instructions: 'Tell us how to reach you.' },
      headers: auth,
    });
    expect(saved.status()).toBe(200);
    // A school that picked a pale yellow with white text everywhere.
    const styling = { primaryColor: '#ffee58', headerTextColor: '#ffffff', buttonTextColor: '#ffffff', userBubbleBgColor: '#ffee58', userBubbleTextColor: '#ffffff', quickCardLinkColor: '#fff59d' };
    const res = await request.post('/widget-styling', { multipart: { styling: JSON.stringify(styling) }, headers: auth });
    expect(res.status()).toBe(200);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${HOST}/`);
      await launcherOf(page).click();
      const frame = frameOf(page);
      // The card comes with the second answer (issue 48 item 10).
      for (const question of ['How much is tuition?', 'Do you have rowing?']) {
        await frame.getByLabel('Type your message').fill(question);
        await frame.getByLabel('Type your message').press('Enter');
        await expect(frame.getByRole('log')).not.toHaveAttribute('aria-busy', 'true');
      }
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
      await email.fill('avery@example.com');
      await card.getByRole('button', { name: 'Submit' }).click();
      await expect(card).toHaveCount(0);
      // Asking for a person later: what the card gave is filled in, and the office's own contact points are listed.
      await frame.getByRole('button', { name: 'Talk to a person' }).first().click();
      const form = frame.getByRole('form', { name: 'Talk to a person' });
      await expect(form.getByLabel('Your name')).toHaveValue('Avery');
      await expect(form.getByLabel('E-mail')).toHaveValue('avery@example.com');
      await expect(form.getByRole('link', { name: 'Office of Admissions: admissions@cedar.example.edu' })).toHaveAttribute('href', 'mailto:admissions@cedar.example.edu');
    } finally {
      await context.close();
      await request.post('/widget-styling', { multipart: { styling: JSON.stringify({ primaryColor: '#007bff', headerTextColor: '#ffffff', buttonTextColor: '#ffffff', userBubbleBgColor: '#007bff', userBubbleTextColor: '#ffffff', quickCardLinkColor: '#007bff' }) }, headers: auth });
      await request.put('/lead-gen/settings', { data: { enabled: false, collection_mode: 'conversational' }, headers: auth });
    }
  });
});

test.describe("visitors' languages", () => {
  test('a browser set to Spanish sees the widget in Spanish, and the built-in model says so in Spanish', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(`${HOST}/`);
    await launcherOf(page).click();
    const frame = frameOf(page);
    await expect(frame.locator('html')).toHaveAttribute('lang', 'es');
    await expect(frame.getByRole('log')).toContainText('¡Hola! Soy');
    const box = frame.getByLabel('Escribe tu mensaje');
    await expect(box).toHaveAttribute('placeholder', 'Escribe tu mensaje…');
    await expect(frame.getByRole('button', { name: 'Enviar' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Hablar con una persona' })).toBeVisible();
    await box.fill('¿Cuánto cuesta la matrícula?');
    await box.press('Enter');
    await expect(frame.getByRole('log')).toContainText('Solo puedo responder en inglés.');
    await expect(frame.getByRole('log')).toContainText('$24,500');
    await context.close();
  });

  test('Arabic renders right to left', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ar' });
    const page = await context.newPage();
    await page.goto(`${HOST}/`);
    await launcherOf(page).click();
    const frame = frameOf(page);
    await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(frame.getByLabel('اكتب رسالتك')).toBeVisible();
    const direction = await frame.locator('.in').evaluate((el) => getComputedStyle(el).direction);
    expect(direction).toBe('rtl');
    // The message box sits at the start (right) and Send at the end (left).
    const boxAt = (await frame.getByLabel('اكتب رسالتك').boundingBox())!;
    const sendAt = (await frame.getByRole('button', { name: 'إرسال' }).boundingBox())!;
    expect(sendAt.x).toBeLessThan(boxAt.x);
    await context.close();
  });
});

test.describe('one visitor, one conversation', () => {
  const sessionOf = (page: Page) => page.evaluate((k) => JSON.parse(localStorage.getItem(`lantern:session:${k.slice(0, 12)}`) ?? 'null')?.id as string | undefined, key);

  test('a reload, another page and a second tab continue the conversation; after the school’s timeout a new one starts', async ({ browser, request }) => {
    const set = await request.put('/setup/settings', { data: { enable_widget_logging: true, retention_days: 90, session_timeout_minutes: 10 }, headers: auth });
    expect(set.status()).toBe(200);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${HOST}/`);
      await launcherOf(page).click();
      const box = frameOf(page).getByLabel('Type your message');
      await box.fill('How much is tuition?');
      await box.press('Enter');
      await expect(frameOf(page).getByRole('log')).toContainText('$24,500 per year');
      // The answer is whole (its thumbs come with the stream's end, when it is saved), not still streaming.
      await expect(frameOf(page).getByRole('button', { name: 'Helpful', exact: true })).toHaveCount(1);
      const session = await sessionOf(page);
      expect(session).toBeTruthy();

      // A reload shows the conversation again.
      await page.reload();
      await launcherOf(page).click();
      await expect(frameOf(page).getByRole('log')).toContainText('How much is tuition?');
      await expect(frameOf(page).getByRole('log')).toContainText('$24,500 per year');

      // Another page of the site, in a second tab: the same conversation, and it goes on.
      const other = await context.newPage();
      await other.goto(`${HOST}/visit`);
      await launcherOf(other).click();
      await expect(frameOf(other).getByRole('log')).toContainText('$24,500 per year');
      expect(await sessionOf(other)).toBe(session);
      await frameOf(other).getByLabel('Type your message').fill('Is there a payment plan for tuition?');
      await frameOf(other).getByLabel('Type your message').press('Enter');
      await expect(frameOf(other).getByRole('log').getByText('Is there a payment plan for tuition?')).toBeVisible();
      await expect(frameOf(other).getByRole('button', { name: 'Helpful', exact: true })).toHaveCount(2);
      const mine = async () => ((await (await request.get('/conversations/', { headers: auth })).json()) as { session_id: string; message_count: number }[]).filter((c) => c.session_id === ref(session!));
      await expect.poll(async () => (await mine()).map((c) => c.message_count)).toEqual([4]);

      // Away longer than the school's ten minutes: the next page view starts a new conversation.
      await other.evaluate((k) => {
        const name = `lantern:session:${k.slice(0, 12)}`;
        const saved = JSON.parse(localStorage.getItem(name)!);
        localStorage.setItem(name, JSON.stringify({ ...saved, at: Date.now() - 11 * 60_000 }));
      }, key);
      await other.reload();
      await launcherOf(other).click();
      await expect(frameOf(other).getByLabel('Type your message')).toBeVisible();
      expect(await sessionOf(other)).not.toBe(session);
      await expect(frameOf(other).getByRole('log')).not.toContainText('How much is tuition?');
    } finally {
      await context.close();
      await request.put('/setup/settings', { data: { enable_widget_logging: true, retention_days: 90, session_timeout_minutes: 30 }, headers: auth });
    }
  });
});

test.describe('configuration that shows', () => {
  test('tuition instructions said to the visitor on cost answers, an "always" instruction offers its action, and answers cite the page they came from, in the widget and the test chat', async ({ page, request }) => {
    // The school's visit page, read as a web link as soon as it is added.
    const site = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><head><title>Visit Cedar</title></head><body><main><h1>Visit Cedar</h1><p>Campus tours leave the Welcome Center weekdays at 10 am and 2 pm, and Saturdays at 11 am.</p></main></body></html>');
    });
    await new Promise<void>((r) => site.listen(SITE_PORT, '127.0.0.1', r));
    const visitUrl = `http://127.0.0.1:${SITE_PORT}/visit`;
    const made: { link?: number; prompt?: number; rule?: number } = {};
    try {
      made.link = (await (await request.post('/web-links/', { data: { name: 'Visit', url: visitUrl }, headers: auth })).json()).id;
      const status = async () => ((await (await request.get('/web-links/', { headers: auth })).json()) as { id: number; scrape_status: string }[]).find((l) => l.id === made.link)?.scrape_status;
      await expect.poll(status, { timeout: 15_000 }).toBe('completed');
      await request.patch('/schools/my-school/tuition', { data: { tuition_info: TUITION, tuition_instructions: 'Always mention the net price calculator at https://cedar.example.edu/npc. The FAFSA opens October 1.' }, headers: auth });
      made.prompt = (await (await request.post('/action-prompts/', { data: { name: 'Book a campus tour', target_audience: 'Families', action_description: 'Tours with a student guide.', action_type: 'link', action_data: `http://localhost:${HOST_PAGE_PORT}/tour` }, headers: auth })).json()).id;
      made.rule = (await (await request.post('/special-instructions/', { data: { title: 'Offer a tour', instruction_text: 'Always offer a campus tour.', instruction_type: 'always_do' }, headers: auth })).json()).id;

      await page.goto(`${HOST}/`);
      await launcherOf(page).click();
      const frame = frameOf(page);
      const box = frame.getByLabel('Type your message');
      await box.fill('How much is tuition?');
      await box.press('Enter');
      const first = frame.locator('.row.ai').nth(1);
      await expect(first).toContainText('$24,500 per year');
      // The tuition instructions said to the family, never as staff wrote them to the assistant.
      await expect(first).toContainText('The FAFSA opens October 1; see the net price calculator at https://cedar.example.edu/npc.');
      await expect(first).not.toContainText('Always mention');
      await expect(first.getByRole('link', { name: 'Book a campus tour' })).toHaveAttribute('href', `http://localhost:${HOST_PAGE_PORT}/tour`);

      await box.fill('Can I book a tour?');
      await box.press('Enter');
      const second = frame.locator('.row.ai').nth(2);
      await expect(second).toContainText('weekdays at 10 am and 2 pm');
      // Cited by the page's title or the name staff gave the link, linked to the page.
      const source = second.locator('.src').getByRole('link', { name: /^Visit/ });
      await expect(source).toHaveAttribute('href', visitUrl);
      await expect(source).toHaveAttribute('target', '_blank');
      // Shown again after a reload, sources and all.
      await page.reload();
      await launcherOf(page).click();
      await expect(frameOf(page).locator('.src').getByRole('link', { name: /^Visit/ })).toHaveAttribute('href', visitUrl);

      // The test chat in the Chatbot page cites the same page.
      await signIn(page, staff.email, staff.password);
      await page.goto('/dashboard/chatbot');
      await page.getByRole('button', { name: 'Test Your Chatbot' }).click();
      await page.getByLabel('Type your message').fill('Can I book a tour?');
      await page.getByLabel('Type your message').press('Enter');
      await expect(page.getByTestId('ai-message').last()).toContainText('weekdays at 10 am and 2 pm');
      await expect(page.getByTestId('test-chat-panel').getByRole('link', { name: /^Visit/ })).toHaveAttribute('href', visitUrl);
    } finally {
      await new Promise((r) => site.close(r));
      if (made.link) await request.delete(`/web-links/${made.link}`, { headers: auth });
      if (made.prompt) await request.delete(`/action-prompts/${made.prompt}`, { headers: auth });
      if (made.rule) await request.delete(`/special-instructions/${made.rule}`, { headers: auth });
      await request.patch('/schools/my-school/tuition', { data: { tuition_info: TUITION, tuition_instructions: '' }, headers: auth });
    }
  });
});

test.describe('reaching a person', () => {
  test('a visitor asks for a person: the form creates the lead, the conversation is flagged and the office gets the transcript', async ({ page, request }) => {
    const inbox = await startInbox();
    try {
      await page.goto(`${HOST}/`);
      await launcherOf(page).click();
      const frame = frameOf(page);
      const box = frame.getByLabel('Type your message');
      await box.fill('How much is tuition?');
      await box.press('Enter');
      await expect(frame.getByRole('log')).toContainText('$24,500 per year');
      await box.fill('Can I talk to a human?');
      await box.press('Enter');
      const form = frame.getByRole('form', { name: 'Talk to a person' });
      await expect(form).toBeVisible();
      await expect(form.getByLabel('Your name')).toBeFocused();
      await form.getByLabel('Your name').fill('Rosa Diaz');
      await form.getByRole('button', { name: 'Send to the admissions office' }).click();
      // No way to reach the visitor yet: the message is tied to the e-mail field.
      await expect(form.getByRole('alert')).toHaveText('Please enter an e-mail address or a phone number.');
      await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel('E-mail')).toBeFocused();
      await form.getByLabel('E-mail').fill('rosa@example.com');
      await expect(form.getByLabel('Your question')).toHaveValue('How much is tuition?');
      await form.getByLabel('Your question').fill('Is there a payment plan for tuition?');
      await form.getByRole('button', { name: 'Send to the admissions office' }).click();
      await expect(frame.getByText('Thank you! The admissions office has your question and will get back to you soon.')).toBeVisible();

      const raw = (await inbox.next).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(raw).toContain('admissions@cedar.example.edu');
      expect(raw).toContain('Rosa Diaz');
      expect(raw).toContain('rosa@example.com');
      expect(raw).toContain('Is there a payment plan for tuition?');
      expect(raw).toContain('Visitor: How much is tuition?');

      const session = await page.evaluate((k) => JSON.parse(localStorage.getItem(`lantern:session:${k.slice(0, 12)}`) ?? 'null')?.id ?? null, key);
      const list = (await (await request.get('/conversations/', { headers: auth })).json()) as { session_id: string; lead_id: number | null; handoff_at: string | null }[];
      const conv = list.find((c) => c.session_id === ref(session))!;
      expect(conv.lead_id).toEqual(expect.any(Number));
      expect(conv.handoff_at).not.toBeNull();
      // The form's question is in the conversation too (issue 48 item 1).
      const detail = (await (await request.get(`/conversations/${(conv as unknown as { id: number }).id}`, { headers: auth })).json()) as { messages: { role: string; content: string }[] };
      expect(detail.messages.at(-1)).toMatchObject({ role: 'user', content: 'Is there a payment plan for tuition?' });

      // The request waits on the staff dashboard, a link to the visitor's lead.
      await signIn(page, staff.email, staff.password);
      await page.goto('/dashboard');
      const requests = page.getByRole('region', { name: 'Visitors who asked for a person' });
      await requests.getByRole('link', { name: 'Rosa Diaz (rosa@example.com)' }).click();
      await expect(page).toHaveURL(/\/dashboard\/leads\?search=rosa%40example\.com/);
      await expect(page.getByRole('searchbox')).toHaveValue('rosa@example.com');
      await expect(page.getByText('Asked for a person')).toBeVisible();
    } finally {
      await inbox.stop();
    }
  });

  test('after two answers the assistant could not give, the widget offers a person; the header button opens the form any time', async ({ page }) => {
    await page.goto(`${HOST}/`);
    await launcherOf(page).click();
    const frame = frameOf(page);
    const box = frame.getByLabel('Type your message');
    await box.fill('Do you have an ROTC program?');
    await box.press('Enter');
    await expect(frame.getByRole('log')).toContainText("I don't have that information");
    await expect(frame.getByRole('button', { name: 'Talk to a person' })).toHaveCount(1); // the header's
    await box.fill('Is there a lacrosse stadium with a bookstore?');
    await box.press('Enter');
    await expect(frame.getByRole('log')).toContainText('Would you like to talk to a person from the admissions office?');
    await frame.getByRole('log').getByRole('button', { name: 'Talk to a person' }).click();
    await expect(frame.getByRole('form', { name: 'Talk to a person' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
