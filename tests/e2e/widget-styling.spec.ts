import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { embedCode } from '../../lib/widget/embed';
import { createUser, expectAccessible, ownerToken, signIn, uniq } from './helpers';
import { E2E_PORT, HOST_PAGE_PORT } from './ports';

// The Styling tab changes the preview before saving (drawn by the widget's own
// code), saves, and a visitor on the school's site (another origin) sees exactly that widget.

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
// The preview shows the school's chosen colours (the spec's default white on #007bff is 3.98:1): not Lantern's UI.
const PREVIEW = '[data-testid="widget-preview"]';

async function schoolWithKey(request: APIRequestContext) {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Maple College '), website_url: 'https://maple.example.edu' }, headers: auth })).status()).toBe(201);
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  expect((await request.put('/chatbot/allowed-origins', { data: { allowed_origins: [`http://localhost:${HOST_PAGE_PORT}`] }, headers: auth })).status()).toBe(200);
  return { user, auth, key };
}

function hostSite(code: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Maple College</title></head><body><main><h1>Welcome to Maple College</h1></main>\n${code}\n</body></html>`);
  });
  return new Promise<http.Server>((resolve) => server.listen(HOST_PAGE_PORT, () => resolve(server)));
}

test('styling: the preview follows unsaved changes, Save stores them, and the real widget on the school site shows them', async ({ page, request, browser }) => {
  const { user, auth, key } = await schoolWithKey(request);
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  await page.getByRole('tab', { name: 'Styling' }).click();
  const primary = page.getByLabel('Primary colour (button, chat header, Send)', { exact: true });
  await expect(primary).toHaveValue('#007bff');

  const closed = page.getByTestId('preview-closed');
  const opened = page.getByTestId('preview-open');
  // The preview is the widget's own launcher and chat window (in shadow roots; locators pierce them).
  await expect(closed.locator('.btn')).toHaveCSS('background-color', 'rgb(0, 123, 255)');
  await expect(opened.locator('.hd')).toHaveCSS('background-color', 'rgb(0, 123, 255)');
  await expect(opened.locator('.card')).toBeVisible();
  await expect(opened.locator('.row.me .msg')).toHaveText('What programs do you offer?');
  await expect(closed.locator('.bub .m')).toHaveText('Hi there! Have any questions? I’m here to help.');
  await expectAccessible(page, 'Styling tab', [PREVIEW]);

  // Colours by the hex field and by the picker, the label, the animation, and the prompt counter.
  await primary.fill('#aa3300');
  await expect(closed.locator('.btn')).toHaveCSS('background-color', 'rgb(170, 51, 0)');
  await expect(opened.locator('.hd')).toHaveCSS('background-color', 'rgb(170, 51, 0)');
  await page.getByLabel('Visitor bubble colour picker').fill('#1b5e20');
  await expect(opened.locator('.row.me .msg')).toHaveCSS('background-color', 'rgb(27, 94, 32)');
  await page.getByLabel('Label text', { exact: true }).fill('Ask Maple');
  await expect(closed.locator('.lbl')).toHaveText('Ask Maple');
  await page.getByRole('combobox', { name: 'Animation', exact: true }).selectOption('pulse');
  await page.getByLabel('Animation interval').selectOption({ label: 'Continuous' });
  await expect(closed.locator('.btn')).toHaveClass(/a-pulse/);
  await expect(page.getByLabel('Animation interval').locator('option')).toHaveText(['Continuous', '1 second', '2 seconds', '3 seconds', '4 seconds', '5 seconds', '10 seconds', '15 seconds', '20 seconds', '30 seconds', '45 seconds', '60 seconds', '120 seconds', 'Once']);
  await expect(page.getByLabel('Show after')).toHaveValue('30');
  await page.getByLabel('Prompt message', { exact: true }).fill('Questions about admissions?');
  await expect(page.getByText('27/200')).toBeVisible();
  await expect(closed.locator('.bub .m')).toHaveText('Questions about admissions?');

  // The icon: too large refused in the browser; a PNG shows in the preview before it is uploaded.
  await page.getByRole('combobox', { name: 'Icon', exact: true }).selectOption('custom');
  const file = page.getByLabel('Custom icon');
  await expect(page.getByText('PNG, JPG')).toBeVisible();
  await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(page.getByText('Icon file must be less than 5MB')).toBeVisible();
  await file.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(page.getByText('Icon file must be less than 5MB')).toHaveCount(0);
  await expect(closed.locator('.btn img')).toHaveAttribute('src', /^blob:/);

  // Nothing is saved until Save.
  expect((await (await request.get('/widget-styling', { headers: auth })).json()).primaryColor).toBe('#007bff');
  await page.getByRole('button', { name: 'Save Styling' }).click();
  const saved = page.getByText('Styling settings saved successfully!');
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 6000 });
  const stored = await (await request.get('/widget-styling', { headers: auth })).json();
  expect(stored).toMatchObject({ primaryColor: '#aa3300', userBubbleBgColor: '#1b5e20', buttonTextContent: 'Ask Maple', buttonAnimation: 'pulse', animationInterval: 0, buttonIcon: 'custom', promptMessage: 'Questions about admissions?' });
  expect(stored.customIconUrl).toMatch(/^\/uploads\//);

  // A visitor on the school's site (another origin) gets the new styling on the next page load.
  const site = await hostSite(embedCode({ apiKey: key, apiUrl: `http://127.0.0.1:${E2E_PORT}` }));
  try {
    const visitor = await browser.newPage();
    await visitor.goto(`http://localhost:${HOST_PAGE_PORT}/`);
    const widget = visitor.locator('lantern-widget');
    await expect(widget.locator('.btn')).toHaveCSS('background-color', 'rgb(170, 51, 0)');
    await expect(widget.locator('.lbl')).toHaveText('Ask Maple');
    const img = widget.locator('.btn img');
    await expect(img).toHaveAttribute('src', `http://127.0.0.1:${E2E_PORT}${stored.customIconUrl}`);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
    await expect(widget.locator('.btn')).toHaveClass(/a-pulse inf/);
    // A continuous pulse never holds still, which Playwright's stability check waits for.
    await widget.locator('.btn').click({ force: true });
    const frame = visitor.frameLocator('iframe[title^="Chat with"]');
    await expect(frame.locator('.hd')).toHaveCSS('background-color', 'rgb(170, 51, 0)');
    await visitor.close();
  } finally {
    await new Promise((r) => site.close(r));
  }

  // Reset to defaults asks first, then saves the defaults.
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Styling settings saved successfully!')).toBeVisible();
  await expect(primary).toHaveValue('#007bff');
  expect((await (await request.get('/widget-styling', { headers: auth })).json()).buttonTextContent).toBe('');
});

test('styling: the test chat wears the saved styling', async ({ page, request }) => {
  const { user, auth } = await schoolWithKey(request);
  const form = { styling: JSON.stringify({ primaryColor: '#5a2d82', headerTextColor: '#ffffff', aiBubbleBgColor: '#fff3cd', chatInputAreaBgColor: '#eeeeee' }) };
  expect((await request.post('/widget-styling', { multipart: form, headers: auth })).status()).toBe(200);
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  await page.getByRole('button', { name: 'Test Your Chatbot' }).click();
  await expect(page.getByTestId('ai-message').first()).toHaveCSS('background-color', 'rgb(255, 243, 205)');
  await expect(page.getByTestId('test-chat-header')).toHaveCSS('background-color', 'rgb(90, 45, 130)');
});
