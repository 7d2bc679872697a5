import { expect, test } from '@playwright/test';
import { createSchoolAs, createUser, dialog, expectAccessible, ownerToken, signInChoosing, uniq } from './helpers';

test('trigger a task from the Scheduler Dashboard and read its metrics in the history', async ({ page, request }) => {
  const su = await createUser(request, await ownerToken(request), { role: 'superuser' });
  const school = uniq('Cypress College ');
  await createSchoolAs(request, su.email, su.password, school);
  await signInChoosing(page, su.email, su.password, school);
  await page.getByTestId('card-scheduler-dashboard').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/scheduler$/);
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Total Executions (7 days)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Task Performance (Last 7 Days)' })).toBeVisible();
  await expectAccessible(page, 'scheduler overview');

  await page.getByRole('tab', { name: 'Scheduled Tasks' }).click();
  const row = page.getByRole('row', { name: /Clear old request counters/ });
  // The schedule in words, the cron expression on hover.
  await expect(row.getByTestId('task-schedule')).toHaveText('At 30 minutes past the hour');
  await expect(row.getByTestId('task-schedule')).toHaveAttribute('title', '30 * * * * (cron, UTC)');
  await expect(row).toContainText('Low priority');
  await expect(row).toContainText('UTC');
  await expectAccessible(page, 'scheduled tasks');
  await row.getByRole('button', { name: 'Trigger Now: Clear old request counters' }).click();
  await expect(page.getByText('Successfully triggered Clear old request counters')).toBeVisible();

  await page.getByRole('tab', { name: 'Execution History' }).click();
  // The page reloads two seconds after a trigger; the run shows up as a success.
  const run = page.getByRole('row', { name: /Clear old request counters.*success/ }).first();
  await expect(run).toBeVisible({ timeout: 10_000 });
  await expect(run).toContainText(/\d+\.\ds/);
  await expectAccessible(page, 'execution history');

  await page.getByLabel('Status').selectOption({ label: 'Failed' });
  await expect(page.getByText('No task executions found matching your filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'All Status' });
  await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Clear old request counters' });
  await expect(page.getByRole('row', { name: /Clear old request counters/ }).first()).toBeVisible();

  await page.getByRole('row', { name: /Clear old request counters.*success/ }).first().getByRole('button', { name: /counters deleted/ }).click();
  const d = dialog(page);
  await expect(d.getByRole('heading', { name: 'Task Execution Metrics' })).toBeVisible();
  await expect(d).toContainText('Clear old request counters');
  await expect(d).toContainText('Counters deleted');
  await expectAccessible(page, 'metrics modal');
});

test('the scheduler is for superusers only', async ({ page, request }) => {
  const admin = await createUser(request, await ownerToken(request));
  await createSchoolAs(request, admin.email, admin.password, uniq('Fir School '));
  await signInChoosing(page, admin.email, admin.password, null);
  await page.goto('/dashboard/scheduler');
  await expect(page.getByText('Not enough permissions: the scheduler is for platform administrators.')).toBeVisible();
});

test('on a phone the scheduled tasks are cards, not a table that scrolls sideways', async ({ page, request }) => {
  const su = await createUser(request, await ownerToken(request), { role: 'superuser' });
  const school = uniq('Sequoia College ');
  await createSchoolAs(request, su.email, su.password, school);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInChoosing(page, su.email, su.password, school);
  await page.goto('/dashboard/scheduler');
  await page.getByRole('tab', { name: 'Scheduled Tasks' }).click();
  const tasks = page.getByRole('list', { name: 'Scheduled Tasks' });
  const card = tasks.getByRole('listitem').filter({ hasText: 'Clear old request counters' });
  await expect(card).toContainText('At 30 minutes past the hour');
  await expect(card.getByRole('button', { name: 'Trigger Now: Clear old request counters' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'scheduled tasks on a phone');
});
