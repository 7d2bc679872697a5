import { expect, test, type APIRequestContext } from '@playwright/test';
import { createUser, expectAccessible, ownerToken, signIn, uniq } from './helpers';

// The Logging (Setup) tab of Chatbot Management.

async function schoolStaff(request: APIRequestContext) {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Logging College ') }, headers: auth })).status()).toBe(201);
  await request.patch('/schools/my-school/tuition', { data: { tuition_info: 'Tuition is $24,500 per year.' }, headers: auth });
  return { user, auth };
}

test('Logging tab: saves the switch and the retention period, shows storage, and offers to delete old data', async ({ page, request }) => {
  const { user, auth } = await schoolStaff(request);
  // Two conversations through the real widget API (four messages: two questions, two answers).
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  for (const session_id of [uniq('visit-a-'), uniq('visit-b-')]) {
    const res = await request.post('/api/widget/chat', { data: { message: 'How much is tuition?', session_id }, headers: { 'x-api-key': key } });
    expect(res.status()).toBe(200);
  }

  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  await page.getByRole('tab', { name: 'Logging' }).click();
  await expect(page.getByRole('heading', { name: 'Chatbot Logging Setup' })).toBeVisible();

  const logging = page.getByRole('switch', { name: 'Enable widget logging' });
  const retention = page.getByLabel('Retention period');
  // The defaults: logging on, 90 days.
  await expect(logging).toHaveAttribute('aria-checked', 'true');
  await expect(retention).toHaveValue('90');
  await expect(page.getByText(/IP addresses are hashed/)).toBeVisible();
  await expect(retention.locator('option')).toHaveText(['30 days', '90 days', '180 days', '365 days']);

  // Storage: what the widget just stored.
  const stats = page.getByTestId('storage-stats');
  await expect(stats).toContainText('Conversations2');
  await expect(stats).toContainText('Messages4');
  await expect(stats).toContainText('Leads0');
  await expect(stats).toContainText('Retention period90 days');
  await expect(stats).toContainText('Older than the retention period0 conversations');
  // Nothing is old yet: there is nothing to delete.
  await expect(page.getByRole('button', { name: 'Delete old data now' })).toBeDisabled();
  await expect(page.getByText('Nothing is older than the retention period.')).toBeVisible();
  await expectAccessible(page, 'Logging tab');

  // Keyboard: the switch toggles with Space, the period is chosen from the list.
  await logging.focus();
  await page.keyboard.press('Space');
  await expect(logging).toHaveAttribute('aria-checked', 'false');
  await retention.selectOption('180');
  const returning = page.getByLabel('A returning visitor continues their conversation for');
  await expect(returning).toHaveValue('30');
  await returning.selectOption({ label: '2 hours' });
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  // The success message clears by itself (after 3 s).
  await expect(page.getByText('Settings saved successfully')).toBeHidden({ timeout: 6000 });
  await expect(stats).toContainText('Retention period180 days');

  // Saved on the server (auto-delete on), and shown again after a reload.
  expect((await (await request.get('/setup/settings', { headers: auth })).json()).data.settings).toEqual({ enable_widget_logging: false, retention_days: 180, auto_delete_enabled: true, session_timeout_minutes: 120 });
  await page.reload();
  await page.getByRole('tab', { name: 'Logging' }).click();
  await expect(page.getByRole('switch', { name: 'Enable widget logging' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Retention period')).toHaveValue('180');
  await expect(page.getByLabel('A returning visitor continues their conversation for')).toHaveValue('120');

  // The same figures as GET /setup/storage-stats.
  const api = await (await request.get('/setup/storage-stats', { headers: auth })).json();
  expect(api).toMatchObject({ total_conversations: 2, total_messages: 4, total_leads: 0, upload_bytes: 0, retention_days: 180, expired_conversations: 0 });
  expect(api.oldest_conversation_at).toEqual(expect.any(String));
  await expectAccessible(page, 'Logging tab after saving');
});

test('Logging tab on a narrow screen: the Setup section comes first', async ({ page, request }) => {
  const { user } = await schoolStaff(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  const setup = page.getByRole('button', { name: 'Setup' });
  await expect(setup).toBeVisible();
  await setup.click();
  await expect(page.getByRole('heading', { name: 'Chatbot Logging Setup' })).toBeVisible();
  await expect(page.getByTestId('storage-stats')).toContainText('Conversations0');
  await expect(page.getByTestId('storage-stats')).toContainText('Oldest conversationNo conversations yet');
  await expectAccessible(page, 'Logging section, narrow');
});
