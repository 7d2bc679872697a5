import { expect, test } from '@playwright/test';
import { conversationReference as ref } from '../../lib/conversations/reference';
import { shortVisitor } from '../../lib/conversations/visitor-name';
import { apiToken, createUser, expectAccessible, ownerToken, signIn, uniq, widgetVisitor } from './helpers';

// Erasing a person from the screens a privacy office uses: a Leads row, a Logs conversation, and the
// Privacy page that lists what was erased. A school's user role is offered none of it.

async function adminSchool(request: Parameters<typeof createUser>[0]) {
  const user = await createUser(request, await ownerToken(request), { role: 'admin' });
  const auth = { authorization: `Bearer ${await apiToken(request, user.email, user.password)}` };
  expect((await request.post('/schools/', { data: { name: uniq('Privacy College ') }, headers: auth })).status()).toBe(201);
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  return { user, auth, key };
}

test('Erase this person from a Leads row: the confirmation names what goes, the lead and their conversation are gone, the Privacy page lists it', async ({ page, request }) => {
  const { user, auth, key } = await adminSchool(request);
  const visitor = widgetVisitor(request, key);
  const session = uniq('erase-lead-');
  expect((await visitor('/api/widget/chat', { message: 'When is the application deadline?', session_id: session })).status()).toBe(200);
  expect((await visitor('/api/widget/leads', { session_id: session, first_name: 'Wren', last_name: 'Halloway', email: 'wren.halloway@example.org' })).ok()).toBe(true);
  const keep = await request.post('/leads/', { data: { first_name: 'Odile', last_name: 'Marchetti', email: 'odile@example.org' }, headers: auth });
  expect(keep.status()).toBe(201);

  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/leads');
  await page.getByRole('button', { name: 'Erase this person: Wren Halloway' }).click();
  const confirm = page.getByRole('dialog', { name: 'Erase Wren Halloway' });
  const goes = confirm.getByRole('list', { name: 'What will be erased' });
  await expect(goes).toContainText('1 lead');
  await expect(goes).toContainText('1 conversation with 2 messages');
  await expectAccessible(page, 'erase confirmation');
  await confirm.getByRole('button', { name: 'Erase this person' }).click();
  await expect(confirm.getByRole('status')).toContainText('Erased.');
  await confirm.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Everything held about Wren Halloway was erased')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase this person: Wren Halloway' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Erase this person: Odile Marchetti' })).toBeVisible();
  const conversations = (await (await request.get('/conversations/', { headers: auth })).json()) as { session_id: string }[];
  expect(conversations.map((c) => c.session_id)).not.toContain(ref(session));

  await page.goto('/dashboard/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  await expect(page.getByTestId('erasure-status').first()).toHaveText('Completed');
  await expect(page.getByRole('table', { name: 'Erasures, newest first' })).toContainText('1 lead; 1 conversation with 2 messages');
  await expect(page.getByRole('table', { name: 'Erasures, newest first' })).not.toContainText('wren');
  await expectAccessible(page, 'Privacy page');

  // Keeping periods: leads off by default, set to 30 days here; mail bodies are kept 30 days.
  await expect(page.getByTestId('retention-leads')).toContainText('kept (off)');
  await expect(page.getByTestId('retention-mail_bodies')).toContainText('30 days');
  await page.getByLabel('Delete leads with no interaction after (days)').fill('30');
  await page.getByRole('button', { name: 'Save keeping periods' }).click();
  await expect(page.getByText('Keeping periods saved')).toBeVisible();
  await expect(page.getByTestId('retention-leads')).toContainText('30 days; the next daily run deletes 0');
  expect(((await (await request.get('/privacy/retention', { headers: auth })).json()) as { lead_retention_days: number }).lead_retention_days).toBe(30);
});

test('Erase this person from a Logs conversation', async ({ page, request }) => {
  const { user, key } = await adminSchool(request);
  const visitor = widgetVisitor(request, key);
  const session = uniq('erase-log-');
  expect((await visitor('/api/widget/chat', { message: 'Is there a marching band?', session_id: session })).status()).toBe(200);

  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  await page.getByRole('tab', { name: 'Logs' }).click();
  const table = page.getByRole('table', { name: 'Conversations' });
  await expect(table).toContainText(shortVisitor(ref(session)));
  await table.getByRole('button', { name: /View/ }).first().click();
  await page.getByRole('button', { name: 'Erase this person' }).click();
  const confirm = page.getByRole('dialog', { name: /^Erase / });
  await expect(confirm.getByRole('list', { name: 'What will be erased' })).toContainText('1 conversation with 2 messages');
  await confirm.getByRole('button', { name: 'Erase this person' }).click();
  await expect(confirm.getByRole('status')).toContainText('Erased.');
  await confirm.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(table).not.toContainText(shortVisitor(ref(session)));
});

test('a user role is offered no erasure and no Privacy page', async ({ page, request }) => {
  const { auth } = await adminSchool(request);
  const schoolId = ((await (await request.get('/schools/my-school', { headers: auth })).json()) as { id: number }).id;
  const member = await createUser(request, await ownerToken(request), { role: 'user', school_id: schoolId });
  expect((await request.post('/leads/', { data: { first_name: 'Pia', last_name: 'Lund', email: 'pia@example.org' }, headers: auth })).status()).toBe(201);
  await signIn(page, member.email, member.password);
  await page.goto('/dashboard/leads');
  await expect(page.getByText('Pia Lund')).toBeVisible();
  await expect(page.getByRole('button', { name: /Erase this person/ })).toHaveCount(0);
  await page.goto('/dashboard/privacy');
  await expect(page.getByText('Not enough permissions: only administrators can handle privacy requests.')).toBeVisible();
});
