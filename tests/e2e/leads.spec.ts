import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { createUser, expectAccessible, ownerToken, signIn, uniq } from './helpers';

// The Leads page. Leads are entered through the API; staff search them, choose columns
// (remembered after a reload), open and delete one, and export the rest as a file whose rows are
// the table's.

test('Leads page: columns survive a reload, search, view, delete, and an export that matches the table', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Leads College ') }, headers: auth })).status()).toBe(201);
  const people = [
    { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15035550101', graduation_year: 2027 },
    { first_name: 'Grace', last_name: 'Hopper, "Amazing"', email: 'grace@example.com', graduation_year: 2026 },
    { first_name: '=cmd()', last_name: 'Formula', email: 'formula@example.com', phone: '+15035550102' },
    { first_name: '李', last_name: 'Wei', email: 'li@example.cn' },
  ];
  for (const body of people) expect((await request.post('/leads/', { data: body, headers: auth })).status()).toBe(201);

  // The export's tracking call only logs a failure: the log must stay clean.
  const leadErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('[leads]')) leadErrors.push(m.text());
  });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Leads/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Leads Management' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Leads' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('leads-count')).toHaveText('Showing 1–4 of 4 leads');
  await expect(page.getByTestId('lead-stats')).toContainText('4');
  // The default columns, and graduation year and intended major (admissions sorts by them first).
  const headers = table.locator('thead th');
  await expect(headers).toHaveText(['Name↕', 'Email↕', 'Phone↕', 'Source↕', 'Created↓', 'Graduation Year↕', 'Intended Major', 'Actions']);
  await expectAccessible(page, 'Leads tab');

  // The column chooser is remembered in this browser.
  await page.getByText('Columns', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Graduation Year' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Intended Major' }).uncheck();
  await page.getByRole('checkbox', { name: 'Phone', exact: true }).uncheck();
  await expect(headers).toHaveText(['Name↕', 'Email↕', 'Source↕', 'Created↓', 'Graduation Year↕', 'Actions']);
  await page.reload();
  await expect(table.locator('thead th')).toHaveText(['Name↕', 'Email↕', 'Source↕', 'Created↓', 'Graduation Year↕', 'Actions']);
  await expect(rows.filter({ hasText: 'Ada Lovelace' })).toContainText('2027');

  // Search names, e-mail and phone.
  const search = page.getByLabel('Search');
  await search.fill('hopper');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Grace Hopper, "Amazing"');
  await search.fill('555-0102');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('formula@example.com');
  await search.fill('');
  await expect(rows).toHaveCount(4);

  // Sorting by name.
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(rows.first()).toContainText('=cmd() Formula');

  // A lead staff entered has no chat session.
  await page.getByRole('button', { name: 'View conversation of Ada Lovelace' }).click();
  await expect(page.getByRole('dialog')).toContainText('No conversation data available for this lead.');
  await page.keyboard.press('Escape');

  // Delete, with confirmation.
  await page.getByRole('button', { name: 'Delete 李 Wei' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete lead' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(3);
  // The dialog's fading overlay is gone before the next screen's contrast is checked.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const tableEmails = (await rows.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim()).sort();

  // Export: everything since the last export (none yet), as CSV.
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page.getByTestId('export-count')).toHaveText('3 leads will be exported.');
  await expect(page.getByText('Email (3)')).toBeVisible();
  await expect(page.getByText('Phone (2)')).toBeVisible();
  await expectAccessible(page, 'Export tab');

  await page.getByRole('button', { name: 'Select none' }).click();
  await expect(page.getByText('Please select at least one field to export.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.getByRole('button', { name: 'Select all' }).click();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parse(bytes.toString('utf8'), { columns: true, bom: true }) as Record<string, string>[];
  expect(records.map((r) => r.email).sort()).toEqual(tableEmails);
  expect(records.find((r) => r.last_name === 'Formula')!.first_name).toBe("'=cmd()");
  expect(records.find((r) => r.email === 'grace@example.com')!.last_name).toBe('Hopper, "Amazing"');
  expect(new Set(records.map((r) => r.source))).toEqual(new Set(['Staff Entry']));

  // The export was recorded: nothing new since.
  await expect(page.getByTestId('export-count')).toHaveText('0 leads will be exported.');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

  // A custom range overrides it; From after To is refused.
  await page.getByRole('radio', { name: 'Custom date range' }).check();
  const today = new Date();
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await page.getByLabel('To', { exact: true }).fill(day(new Date(today.getTime() - 86_400_000)));
  await page.getByLabel('From', { exact: true }).fill(day(today));
  await expect(page.getByText('From date cannot be after to date')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.getByLabel('To', { exact: true }).fill(day(today));
  await expect(page.getByTestId('export-count')).toHaveText('3 leads will be exported.');
  await page.getByRole('radio', { name: 'JSON' }).check();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
  const leads = JSON.parse(fs.readFileSync((await json.path())!, 'utf8')) as { email: string }[];
  expect(leads.map((l) => l.email).sort()).toEqual(tableEmails);
  // A custom range does not move the mark.
  await page.getByRole('radio', { name: /Since last export/ }).check();
  await expect(page.getByTestId('export-count')).toHaveText('0 leads will be exported.');
  expect(leadErrors).toEqual([]);
});
