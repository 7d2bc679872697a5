import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createUser, expectAccessible, ownerToken, signIn, signInChoosing, uniq } from './helpers';

// The Reports screen (cards, four charts, date pickers with their limits and messages,
// empty state, CSV download) and Advanced Reports for a superuser (one line per school).

test.use({ timezoneId: 'UTC' });

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A school of its own with widget sessions today: `loaded` page views, `opened` opened chats, `engaged` conversations. */
async function schoolWithTraffic(request: APIRequestContext, owner: string, name: string, counts: { loaded: number; opened: number; engaged: number }) {
  const user = await createUser(request, owner);
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name }, headers: auth })).status()).toBe(201);
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  const event = async (session_id: string, event_type: string) =>
    expect((await request.post('/api/widget/events', { data: { session_id, event_type }, headers: { 'x-api-key': key } })).ok()).toBe(true);
  for (let i = 0; i < counts.loaded; i++) await event(uniq('l-'), 'widget_loaded');
  for (let i = 0; i < counts.opened; i++) {
    const s = uniq('o-');
    await event(s, 'widget_loaded');
    await event(s, 'widget_opened');
  }
  for (let i = 0; i < counts.engaged; i++) {
    const s = uniq('e-');
    await event(s, 'widget_loaded');
    await event(s, 'widget_opened');
    await event(s, 'conversation_engaged');
  }
  return user;
}

test('Reports: cards and charts for the chosen dates; the pickers keep their limits; empty state; CSV', async ({ page, request }) => {
  const user = await schoolWithTraffic(request, await ownerToken(request), uniq('Birch College '), { loaded: 2, opened: 1, engaged: 1 });
  await signIn(page, user.email, user.password);
  await page.getByTestId('card-reports').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();

  // Default: the last 30 days up to today.
  const from = page.getByLabel('From Date');
  const to = page.getByLabel('To Date');
  await expect(from).toHaveValue(isoDay(29));
  await expect(to).toHaveValue(isoDay(0));
  await expect(page.getByTestId('card-days')).toContainText('30');
  await expect(page.getByTestId('card-total')).toContainText('4');
  // Each step counts the sessions that reached it or went further, as Analytics does (issue 48 item 10).
  await expect(page.getByTestId('card-loaded')).toContainText('4');
  await expect(page.getByTestId('card-opened')).toContainText('2');
  await expect(page.getByTestId('card-engaged')).toContainText('1');
  await expect(page.locator('canvas')).toHaveCount(4);
  const total = page.getByTestId('chart-total');
  await expect(total.locator('tbody tr')).toHaveCount(30);
  const todayLabel = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  await expect(total.locator('tbody tr').last()).toHaveText(`${todayLabel}4`);
  await expectAccessible(page, 'Reports');

  // The pickers' limits, and the spec's messages for a date typed past them.
  await expect(to).toHaveAttribute('max', isoDay(0));
  await expect(to).toHaveAttribute('min', isoDay(29));
  await expect(from).toHaveAttribute('max', isoDay(0));
  await from.fill(isoDay(3));
  await expect(to).toHaveAttribute('min', isoDay(3));
  await expect(page.getByTestId('card-days')).toContainText('4');
  await to.fill(isoDay(5));
  await expect(page.getByRole('alert').filter({ hasText: 'To date cannot be before from date' })).toBeVisible();
  await expect(to).toHaveValue(isoDay(0));
  await to.fill(isoDay(1));
  await expect(from).toHaveAttribute('max', isoDay(1));
  await from.fill(isoDay(0));
  await expect(page.getByRole('alert').filter({ hasText: 'From date cannot be after to date' })).toBeVisible();
  await expect(from).toHaveValue(isoDay(3));

  // Yesterday and before: nothing happened then.
  await expect(page.getByTestId('report-empty')).toContainText('No Data Available');
  await expect(page.getByTestId('report-empty')).toContainText('No conversation data was found for the selected date range.');
  await to.fill(isoDay(0));
  await expect(page.getByTestId('card-total')).toContainText('4');
  await page.getByRole('button', { name: 'Update Report' }).click();
  await expect(page.getByRole('button', { name: 'Update Report' })).toBeEnabled();
  await expect(page.getByTestId('card-days')).toContainText('4');

  // The shown data as CSV.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`chatbot-report-${isoDay(3)}-to-${isoDay(0)}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.trim().split('\n')).toEqual(['date,total,widget_loaded,widget_opened,engaged', `${isoDay(3)},0,0,0,0`, `${isoDay(2)},0,0,0,0`, `${isoDay(1)},0,0,0,0`, `${isoDay(0)},4,4,2,1`]);

  // Leads: none yet.
  await page.getByRole('button', { name: 'Leads', exact: true }).click();
  await expect(page.getByTestId('report-empty')).toContainText('No lead data was found for the selected date range.');
  await expect(page.getByLabel('From Date')).toHaveValue(isoDay(3));
});

test('Advanced Reports: a superuser sees all schools separately, one line per school', async ({ page, request }) => {
  const owner = await ownerToken(request);
  const [a, b] = [uniq('Cedar College '), uniq('Dogwood College ')];
  await schoolWithTraffic(request, owner, a, { loaded: 1, opened: 0, engaged: 2 });
  await schoolWithTraffic(request, owner, b, { loaded: 3, opened: 1, engaged: 0 });
  const su = await createUser(request, owner, { role: 'superuser' });
  await signInChoosing(page, su.email, su.password, null);
  // A superuser without a school of their own: the dashboard's cards wait for one, the screen does not.
  await page.goto('/dashboard/advanced-reports');
  await expect(page.getByRole('heading', { name: 'Advanced Reports' })).toBeVisible();

  const selector = page.getByLabel('View Data For:');
  await expect(selector).toBeEnabled();
  await expect(selector.locator('optgroup[label="Individual Schools"] option', { hasText: a })).toHaveCount(1);
  // Combined: the cards sum every school.
  await expect(page.locator('canvas')).toHaveCount(4);

  await selector.selectOption({ label: 'All Schools Separately' });
  const chart = page.getByTestId('chart-total');
  const series = (await chart.getAttribute('data-series'))?.split(' ') ?? [];
  expect(series).toContain(`${a.replace(/ /g, '_')}_total`);
  expect(series).toContain(`${b.replace(/ /g, '_')}_total`);
  await expect(page.getByTestId('chart-engaged')).toHaveAttribute('data-series', new RegExp(`${b.replace(/ /g, '_')}_engaged`));
  const summary = page.getByTestId('school-summary');
  await expect(summary.getByRole('row', { name: new RegExp(a) }).getByRole('cell')).toHaveText(['30', '3', '3', '2', '2']);
  await expect(summary.getByRole('row', { name: new RegExp(b) }).getByRole('cell')).toHaveText(['30', '4', '4', '1', '0']);
  await expectAccessible(page, 'Advanced Reports');

  // One school: its own cards.
  await selector.selectOption({ label: b });
  await expect(page.getByTestId('card-total')).toContainText('4');
  await expect(page.getByTestId('card-loaded')).toContainText('4');
});
