import { expect, test } from '@playwright/test';
import { createUser, expectNoSidewaysOverflow, ownerToken, signIn, uniq, widgetVisitor } from './helpers';

// What a visitor types cannot break or spoof a staff screen. A question that
// is one 1,990-character word wraps on Logs, Analytics, Leads and the conversation views instead of
// widening them, and a right-to-left override in a question or a name shows the text as typed.

const WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(45).slice(0, 1990);
const SPOOF = 'Is invoice\u202Egnp.exe the form?';

test('a long unbroken question and bidirectional controls leave every staff screen readable', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Birch College ') }, headers: auth })).status()).toBe(201);
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  expect((await request.put('/lead-gen/settings', { data: { enabled: true, collection_mode: 'smart_card', field_order: ['first_name', 'last_name', 'email'], minimum_requirements: 'first_name AND email' }, headers: auth })).status()).toBe(200);
  const session = uniq('long-');
  const visitor = widgetVisitor(request, key);
  for (const message of [WORD, SPOOF]) expect((await visitor('/api/widget/chat', { message, session_id: session })).status()).toBe(200);
  // A name with an override is stored without it (and one with a line break is refused).
  const lead = await visitor('/api/widget/leads', { session_id: session, first_name: 'Eve\u202Egnp.exe', last_name: 'Longworth', email: 'eve@example.com' });
  expect(lead.status(), await lead.text()).toBe(201);
  expect((await visitor('/api/widget/leads', { session_id: session, first_name: 'Eve\nBcc: x', email: 'eve@example.com' })).status()).toBe(422);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, user.email, user.password);

  // Logs: the list, then the conversation.
  await page.goto('/dashboard/chatbot');
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('table', { name: 'Conversations' })).toContainText('Pneumono');
  await expectNoSidewaysOverflow(page, 'Logs');
  // Named by what they gave, not by the session id.
  await page.getByRole('button', { name: 'View conversation with Evegnp.exe Longworth' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Conversation with Evegnp.exe Longworth' })).toBeVisible();
  const messages = page.getByRole('dialog').getByTestId('log-message');
  await expect(messages.first()).toContainText('Pneumono');
  await expectNoSidewaysOverflow(page, 'conversation');
  // Shown as typed: no override reaches the screen, and the words keep their order.
  const spoofed = messages.filter({ hasText: 'invoice' });
  expect(await spoofed.first().innerText()).toContain('Is invoicegnp.exe the form?');
  await page.keyboard.press('Escape');

  // Analytics: the unanswered questions, with Add answer still beside them in the window.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const unanswered = page.getByTestId('unanswered-question').filter({ hasText: 'Pneumono' });
  await expect(unanswered).toBeVisible();
  await expectNoSidewaysOverflow(page, 'Analytics');
  const add = unanswered.getByRole('button', { name: /^Add answer/ });
  const box = (await add.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);

  // Leads: the list and the lead's conversation.
  await page.goto('/dashboard/leads');
  const row = page.getByRole('table', { name: 'Leads' }).locator('tbody tr').filter({ hasText: 'Longworth' });
  await expect(row).toContainText('Evegnp.exe Longworth');
  await expectNoSidewaysOverflow(page, 'Leads');
  await row.getByRole('button', { name: /^View conversation of/ }).click();
  await expect(page.getByRole('dialog').getByTestId('lead-message').first()).toContainText('Pneumono');
  await expectNoSidewaysOverflow(page, 'lead conversation');
});
