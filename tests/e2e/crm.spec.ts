import { expect, test } from '@playwright/test';
import { startCrmReceiver } from '../fixtures/crm-receiver';
import { createUser, expectAccessible, ownerToken, signIn, uniq } from './helpers';
import { SITE_PORT } from './ports';

// A school connects its CRM on the CRM Setup page, proves it with Test Connection, maps
// the fields, and a quick info card lead reaches the CRM signed and mapped, listed under Deliveries.
// The CRM is a receiver on the port the app may reach (OUTBOUND_ALLOW_HOSTS), verifying each
// signature with the Standard Webhooks reference library.

test('configure, test, map fields, and see a quick info card lead delivered', async ({ page, request }) => {
  const receiver = await startCrmReceiver(SITE_PORT);
  try {
    const user = await createUser(request, await ownerToken(request));
    const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    expect((await request.post('/schools/', { data: { name: uniq('Cedar College ') }, headers: auth })).status()).toBe(201);
    const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
    const settings = await (await request.get('/lead-gen/settings', { headers: auth })).json();
    expect((await request.put('/lead-gen/settings', { data: { ...settings, enabled: true, collection_mode: 'smart_card', minimum_requirements: 'first_name AND email' }, headers: auth })).status()).toBe(200);

    // A lead from before the CRM was connected.
    const early = await request.post('/api/widget/leads', { headers: { 'x-api-key': key }, data: { session_id: uniq('early-'), first_name: 'Rowan', email: 'rowan@example.com' } });
    expect(early.status(), await early.text()).toBeLessThan(300);

    await signIn(page, user.email, user.password);
    await page.getByRole('link', { name: /CRM Setup/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/crm-setup$/);
    await expect(page.getByRole('heading', { name: 'CRM Setup', level: 1 })).toBeVisible();
    await expect(page.getByTestId('crm-status')).toContainText('Not configured');

    await page.getByRole('tab', { name: 'Map Fields' }).click();
    await expect(page.getByText('No CRM integration found. Please configure the integration first.')).toBeVisible();
    await page.getByRole('tab', { name: 'CRM Config' }).click();

    const save = page.getByRole('button', { name: 'Save Integration' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Integration name').fill('Cedar Slate');
    await expect(save).toBeDisabled();
    await page.getByLabel('Webhook URL').fill(receiver.url);
    await expect(page.getByLabel('Auth value')).toHaveCount(0);
    await page.getByLabel('Authentication').selectOption('bearer');
    await page.getByLabel('Auth value').fill('cedar-secret-token');
    await page.getByRole('button', { name: 'Add Header' }).click();
    await page.getByLabel('Header name 1').fill('X-Tenant');
    await page.getByLabel('Header value 1').fill('cedar');
    await page.getByRole('button', { name: 'Add Header' }).click();
    await expect(save).toBeEnabled();
    // Test Connection waits for a saved integration, and says so.
    await expect(page.getByRole('button', { name: 'Test Connection' })).toBeDisabled();
    await expect(page.getByText('Save the integration first: Test Connection sends a sample lead with the saved settings.')).toBeVisible();
    await save.click();
    await expect(page.getByText('CRM integration saved successfully!')).toBeVisible();
    await expect(page.getByTestId('crm-status')).toContainText('Ready');
    // The empty second header row was dropped on save.
    await expect(page.getByLabel('Header name 2')).toHaveCount(0);
    receiver.secret = await page.getByTestId('crm-signing-secret').inputValue();
    expect(receiver.secret).toMatch(/^whsec_/);

    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByTestId('crm-test-result')).toContainText('Connection successful');
    await expect(page.getByTestId('crm-status')).toContainText('Working');
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verifyError).toBeNull();
    expect(receiver.received[0]!.headers['x-lantern-event']).toBe('test');
    expect(receiver.received[0]!.headers.authorization).toBe('Bearer cedar-secret-token');
    await expectAccessible(page, 'CRM Config');

    await page.getByRole('tab', { name: 'Map Fields' }).click();
    const crmField = page.getByLabel('CRM field', { exact: true });
    await crmField.fill('FirstName');
    await page.getByLabel('Lead field', { exact: true }).selectOption('first_name');
    await page.getByRole('button', { name: 'Add Field' }).click();
    await crmField.nth(1).fill('Origin');
    await page.getByLabel('Fill with', { exact: true }).nth(1).selectOption('static');
    await page.getByLabel('Static value', { exact: true }).fill('Cedar website');
    await page.getByRole('button', { name: 'Add Field' }).click();
    await crmField.nth(2).fill('Mail');
    await page.getByLabel('Lead field', { exact: true }).nth(1).selectOption('email');
    // An empty row is dropped on save.
    await page.getByRole('button', { name: 'Add Field' }).click();
    await page.getByRole('button', { name: 'Save Mapping' }).click();
    await expect(page.getByText('Field mapping saved successfully!')).toBeVisible();
    expect((await (await request.get('/api/crm-integration', { headers: auth })).json()).field_mapping).toEqual({ FirstName: '{{first_name}}', Origin: 'Cedar website', Mail: '{{email}}' });
    await expectAccessible(page, 'Map Fields');

    const lead = await request.post('/api/widget/leads', { headers: { 'x-api-key': key }, data: { session_id: uniq('card-'), first_name: 'Quinn', email: 'quinn@example.com' } });
    expect(lead.status(), await lead.text()).toBeLessThan(300);
    await receiver.waitFor(2);
    expect(receiver.received[1]!.verifyError).toBeNull();
    expect(receiver.received[1]!.headers['x-lantern-event']).toBe('lead.created');
    expect(receiver.received[1]!.headers['x-tenant']).toBe('cedar');
    expect(receiver.received[1]!.verified).toEqual({ FirstName: 'Quinn', Origin: 'Cedar website', Mail: 'quinn@example.com' });

    await page.getByRole('tab', { name: 'CRM Config' }).click();
    const deliveries = page.getByTestId('crm-deliveries');
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(deliveries.getByRole('row').nth(1)).toContainText('Delivered', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(deliveries).toContainText('lead.created');
    await expect(deliveries).toContainText('HTTP 200');
    // Deliveries name the lead, not its number.
    await expect(deliveries.getByRole('row').nth(1)).toContainText('Quinn');

    // The lead from before the CRM was connected is offered once, and sent.
    const offer = page.getByTestId('crm-existing-leads');
    await expect(offer).toContainText('1 lead was saved before the CRM was connected and never sent.');
    await offer.getByRole('button', { name: 'Send existing leads' }).click();
    await expect(page.getByText('1 existing lead queued for the CRM')).toBeVisible();
    await expect(offer).toHaveCount(0);
    await receiver.waitFor(3);
    expect(receiver.received[2]!.verifyError).toBeNull();
    expect(receiver.received[2]!.verified).toEqual({ FirstName: 'Rowan', Origin: 'Cedar website', Mail: 'rowan@example.com' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(deliveries.getByRole('row').nth(1)).toContainText('Rowan', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  } finally {
    await receiver.close();
  }
});
