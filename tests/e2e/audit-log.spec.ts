import { expect, test } from '@playwright/test';
import { apiToken, createUser, expectAccessible, expectNoSidewaysOverflow, ownerToken, signIn, uniq } from './helpers';

// The Audit Log screen: a school admin sees their school's entries (their own sign-in through the
// web session included), narrows them by action, actor and dates, and downloads what the filters
// select; another school's entries never show; a user role is refused.

test('Audit Log: the filters narrow the list; export follows the filters; nothing of another school', async ({ page, request }) => {
  const owner = await ownerToken(request);
  const admin = await createUser(request, owner, { role: 'admin' });
  const auth = { authorization: `Bearer ${await apiToken(request, admin.email, admin.password)}` };
  const created = await request.post('/schools/', { data: { name: uniq('Audit College ') }, headers: auth });
  expect(created.status()).toBe(201);
  const schoolId = (await created.json()).id as number;
  // A colleague the admin creates, who then regenerates the widget key.
  const colleague = await createUser(request, auth.authorization.slice(7), { role: 'admin', school_id: schoolId });
  const colleagueAuth = { authorization: `Bearer ${await apiToken(request, colleague.email, colleague.password)}` };
  expect((await request.post('/chatbot/generate-api-key', { headers: colleagueAuth })).status()).toBe(200);
  // Another school's admin acts too: none of it may show here.
  const stranger = await createUser(request, owner, { role: 'admin' });
  const strangerAuth = { authorization: `Bearer ${await apiToken(request, stranger.email, stranger.password)}` };
  expect((await request.post('/schools/', { data: { name: uniq('Other Audit College ') }, headers: strangerAuth })).status()).toBe(201);
  expect((await request.post('/chatbot/generate-api-key', { headers: strangerAuth })).status()).toBe(200);

  await signIn(page, admin.email, admin.password);
  await page.goto('/dashboard/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  const actions = page.getByRole('table', { name: 'Audit entries' }).getByTestId('audit-action');
  await expect(actions.first()).toBeVisible();
  await expect(actions).toContainText(['Widget key regenerated', 'Signed in', 'User created'], { timeout: 10_000 });
  await expect(page.getByRole('table', { name: 'Audit entries' })).not.toContainText(stranger.email);
  await expectAccessible(page, 'Audit Log');

  // By action.
  await page.getByLabel('Action').selectOption({ label: 'Widget key regenerated' });
  await expect(actions).toHaveText(['Widget key regenerated']);
  await expect(page.getByTestId('audit-count')).toHaveText('Showing 1–1 of 1 entry');
  const csv = page.getByRole('link', { name: 'Export CSV' });
  await expect(csv).toHaveAttribute('href', /action=widget\.key_regenerated/);
  const download = await request.get((await csv.getAttribute('href'))!, { headers: auth });
  expect(download.status()).toBe(200);
  const lines = (await download.text()).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(colleague.email);

  // By actor: the admin's own entries only.
  await page.getByLabel('Action').selectOption({ label: 'All actions' });
  await page.getByLabel('Actor').selectOption({ label: admin.email });
  await expect(actions.first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit entries' })).not.toContainText('Widget key regenerated');
  await expect(actions).toContainText(['Signed in']);

  // By dates: nothing from tomorrow on; today holds them all again.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From').fill(day(1));
  await expect(page.getByTestId('audit-count')).toHaveText('No audit entries match these filters.');
  await page.getByLabel('From').fill(day(-1));
  await expect(actions.first()).toBeVisible();

  // A phone's width: the entries become cards, nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByLabel('Actor').selectOption({ label: 'Everyone' });
  await expect(page.getByTestId('table-card').first()).toBeVisible();
  await expectNoSidewaysOverflow(page, 'Audit Log at 390 px');
});

test('Audit Log: a user role is refused, on the screen and the API', async ({ page, request }) => {
  const owner = await ownerToken(request);
  const admin = await createUser(request, owner, { role: 'admin' });
  const auth = { authorization: `Bearer ${await apiToken(request, admin.email, admin.password)}` };
  const schoolId = (await (await request.post('/schools/', { data: { name: uniq('Refused Audit College ') }, headers: auth })).json()).id as number;
  const member = await createUser(request, owner, { role: 'user', school_id: schoolId });
  const memberAuth = { authorization: `Bearer ${await apiToken(request, member.email, member.password)}` };
  expect((await request.get('/audit-log', { headers: memberAuth })).status()).toBe(403);
  expect((await request.get('/audit-log/export?format=jsonl', { headers: memberAuth })).status()).toBe(403);
  await signIn(page, member.email, member.password);
  await page.goto('/dashboard/audit-log');
  await expect(page.getByText('Not enough permissions: only administrators can read the audit log.')).toBeVisible();
});
