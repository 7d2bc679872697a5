import { expect, test } from '@playwright/test';
import { apiToken, createSchoolAs, createUser, dialog, expectAccessible, ownerToken, signIn, uniq } from './helpers';

// A school's superuser turns Manage Prospects on; staff import a CSV through the mapping
// dialog, see the result and the rows, filter, sort, page and delete several; Campaigns is a placeholder.

function fairCsv(): string {
  const lines = ['FNAME,Surname,E-mail,Status,Major,Shoe Size'];
  for (let i = 0; i < 60; i++) lines.push(`Student${String(i).padStart(2, '0')},Family${i % 5},s${i}@fair.example,${i % 3 ? 'Inquiry' : 'Applicant'},${i % 2 ? 'Nursing' : 'Biology'},${38 + (i % 6)}`);
  lines.push(',NoFirst,nofirst@fair.example,Inquiry,Nursing,40');
  return lines.join('\n');
}

test('Manage Prospects: switch on, import through the mapping dialog, filter, sort, page, delete several; Campaigns placeholder', async ({ page, request }) => {
  const owner = await ownerToken(request);
  const su = await createUser(request, owner, { role: 'superuser' });
  const schoolId = await createSchoolAs(request, su.email, su.password, uniq('Fair College '));
  const staff = await createUser(request, owner, { role: 'admin', school_id: schoolId });

  // Off by default: the cards are hidden and the page is not there.
  await signIn(page, staff.email, staff.password);
  await expect(page.getByTestId('card-manage-prospects')).toHaveCount(0);
  const suToken = await apiToken(request, su.email, su.password);
  const on = await request.put('/api/prospects/my-school/feature', { data: { prospects_enabled: true }, headers: { authorization: `Bearer ${suToken}` } });
  expect(on.status(), await on.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('card-manage-prospects')).toBeVisible();
  await expect(page.getByTestId('card-campaigns')).toBeVisible();
  await page.getByRole('link', { name: /Manage Prospects/ }).click();
  await expect(page.getByRole('heading', { name: 'Manage Prospects', level: 1 })).toBeVisible();
  await expect(page.getByText('No prospects yet. Import a file or add one by hand.')).toBeVisible();

  // A file of the wrong kind is refused before anything is sent.
  await page.getByLabel('Prospect file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('prospect-notice')).toHaveText('Please select a CSV or Excel file');

  await page.getByLabel('Prospect file').setInputFiles({ name: 'fair.csv', mimeType: 'text/csv', buffer: Buffer.from(fairCsv()) });
  const mapping = dialog(page);
  await expect(mapping.getByRole('heading', { name: 'Map Columns' })).toBeVisible();
  await expect(mapping.getByLabel('Map column FNAME to')).toHaveValue('first_name');
  await expect(mapping.getByLabel('Map column Surname to')).toHaveValue('last_name');
  await expect(mapping.getByLabel('Map column E-mail to')).toHaveValue('email');
  await expect(mapping.getByLabel('Map column Major to')).toHaveValue('anticipated_program');
  await expect(mapping.getByLabel('Map column Shoe Size to')).toHaveValue('');
  // Both names are required.
  await mapping.getByLabel('Map column Surname to').selectOption('');
  await mapping.getByRole('button', { name: 'Import' }).click();
  await expect(mapping.getByRole('alert')).toHaveText('Please map both First Name and Last Name fields (required)');
  await mapping.getByLabel('Map column Surname to').selectOption('last_name');
  await mapping.getByLabel('Map column Shoe Size to').selectOption('__custom');
  await expect(mapping.getByLabel('Custom field name')).toHaveValue('Shoe Size');
  await expectAccessible(page, 'mapping dialog');
  await mapping.getByRole('button', { name: 'Import' }).click();
  // The file (over 2 KB here: see playwright.config.ts) imports in the background, with a progress bar.
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByText(/Importing… \d+ of 61 rows|Uploading…/)).toBeVisible();

  // The result names the bad row by its line; the list refreshes.
  await expect(page.getByTestId('prospect-notice')).toContainText('60 prospects imported, 1 row skipped');
  await expect(page.getByText('Line 62 (FNAME): First name is required')).toBeVisible();
  await expect(page.getByTestId('stat-Total Prospects')).toContainText('60');
  await expect(page.getByTestId('stat-Statuses')).toContainText('2');
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(50);
  await expectAccessible(page, 'Manage Prospects');

  // Page 2 holds the last 10; Next is disabled there.
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(rows).toHaveCount(10);
  await expect(next).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();

  // Sort by first name, both ways.
  await page.getByRole('button', { name: 'First Name' }).click();
  await expect(rows.first()).toContainText('Student00');
  await page.getByRole('button', { name: /First Name/ }).click();
  await expect(rows.first()).toContainText('Student59');

  // Filter and search.
  await page.getByLabel('Status').selectOption('Applicant');
  await expect(rows).toHaveCount(20);
  await page.getByLabel('Program').selectOption('Nursing');
  await expect(rows).toHaveCount(10);
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Program').selectOption('');
  await page.getByLabel('Search').fill('student07');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('s7@fair.example');
  await page.getByLabel('Search').fill('');
  await expect(rows).toHaveCount(50);

  // Delete two, with a confirmation that says it cannot be undone.
  await page.getByLabel('Select Student59 Family4').check();
  await page.getByLabel('Select Student58 Family3').check();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  await expect(dialog(page)).toContainText('This action cannot be undone.');
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('prospect-notice')).toHaveText('Deleted 2 prospects.');
  await expect(page.getByTestId('stat-Total Prospects')).toContainText('58');

  // Undo the import: every imported prospect goes.
  await page.getByRole('button', { name: 'Undo import fair.csv' }).click();
  await expect(page.getByTestId('prospect-notice')).toHaveText('Import undone: 58 prospects removed, 0 restored');
  await expect(page.getByText('No prospects yet. Import a file or add one by hand.')).toBeVisible();

  // Campaigns: three empty tabs, Create disabled.
  await page.goto('/dashboard/campaigns');
  await expect(page.getByRole('tab', { name: 'Active Campaigns' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Campaign' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByRole('button', { name: 'Create Template' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Campaign analytics will appear here');
});
