import { expect, test, type Page } from '@playwright/test';
import { PNG_1x1 } from '../fixtures/images';
import { createSchoolAs, createUser, dialog, expectAccessible, expectNoHorizontalScroll, ownerToken, signIn, uniq } from './helpers';

const section = (page: Page, id: string) => page.getByTestId(`section-${id}`);

async function editSave(page: Page, id: string, fill: () => Promise<void>, message: string) {
  await section(page, id).getByRole('button', { name: 'Edit' }).click();
  await fill();
  await section(page, id).getByRole('button', { name: 'Save' }).click();
  await expect(section(page, id).getByRole('status')).toHaveText(message);
}

test('create the school from the empty state, edit every section, upload a logo, and unlock the dashboard', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await signIn(page, user.email, user.password);
  await expect(page.getByTestId('card-training-room')).toContainText('School Info Required');
  await page.getByTestId('card-school-management').getByRole('link').click();
  await expect(page.getByText('No school information available. Enter details of your school here.')).toBeVisible();
  await expect(page.getByTestId('section-classification')).toHaveCount(0);
  await expectAccessible(page, 'school empty state');

  await page.getByRole('button', { name: 'Create School' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Name is required');
  const name = uniq('Willow Creek College ');
  await page.getByLabel('School name').fill(name);
  // Institution control has no choice preselected and must be chosen (issue 48 item 10).
  await expect(page.getByLabel('Institution control')).toHaveValue('');
  await page.getByRole('button', { name: 'Create School' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Choose public or private');
  await page.getByLabel('Institution control').selectOption({ label: 'Private' });
  await page.getByLabel('Locations 1', { exact: true }).fill('Main Campus, 1 Willow Way');
  await page.getByLabel('Website').fill('not a url');
  await page.getByRole('button', { name: 'Create School' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Website must be a valid URL starting with http:// or https://');
  await page.getByLabel('Website').fill('https://willow.example.edu');
  await page.getByLabel('Mascot').fill('The Willow Wrens');
  await page.getByRole('button', { name: 'Create School' }).click();
  // The mascot typed at creation is kept.
  await expect(section(page, 'basic')).toContainText('The Willow Wrens');

  // Defaults of a new school; the control chosen at creation.
  await expect(section(page, 'classification')).toContainText('4-Year');
  await expect(section(page, 'classification')).toContainText('Bachelor');
  await expect(section(page, 'classification')).toContainText('Private');
  await expect(section(page, 'classification')).not.toContainText('Public');
  await expect(section(page, 'classification')).toContainText('Non-profit');
  await expect(section(page, 'branding')).toContainText('#000000');
  await expect(section(page, 'branding')).toContainText('Inter');
  await expectAccessible(page, 'school sections');

  await editSave(page, 'basic', async () => {
    await section(page, 'basic').getByLabel('Mascot').fill('The Herons');
    await section(page, 'basic').getByRole('button', { name: 'Add location' }).click();
    await section(page, 'basic').getByLabel('Locations 2', { exact: true }).fill('Downtown Center');
  }, 'Basic information updated successfully!');
  await expect(section(page, 'basic')).toContainText('Downtown Center');

  // Cancel restores the loaded values.
  await section(page, 'basic').getByRole('button', { name: 'Edit' }).click();
  await section(page, 'basic').getByLabel('Mascot').fill('Changed my mind');
  await section(page, 'basic').getByRole('button', { name: 'Cancel' }).click();
  await expect(section(page, 'basic')).toContainText('The Herons');

  await editSave(page, 'classification', async () => {
    await section(page, 'classification').getByLabel('Classification').selectOption({ label: 'Mixed' });
    await section(page, 'classification').getByLabel('Master').check();
    await section(page, 'classification').getByLabel('Institution control').selectOption({ label: 'Public' });
  }, 'Classification information updated successfully!');
  await expect(section(page, 'classification')).toContainText('Bachelor, Master');
  await expect(section(page, 'classification')).toContainText('Public');

  // A server refusal shows its detail: no degree level at all.
  await section(page, 'classification').getByRole('button', { name: 'Edit' }).click();
  await section(page, 'classification').getByLabel('Bachelor').uncheck();
  await section(page, 'classification').getByLabel('Master').uncheck();
  await section(page, 'classification').getByRole('button', { name: 'Save' }).click();
  await expect(section(page, 'classification').getByRole('alert')).toHaveText('Choose at least one degree level');
  await section(page, 'classification').getByRole('button', { name: 'Cancel' }).click();

  await editSave(page, 'branding', async () => {
    await section(page, 'branding').getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await expect(section(page, 'branding').getByAltText('Logo preview')).toBeVisible();
    await section(page, 'branding').getByLabel('Primary colour', { exact: true }).fill('#0b3d91');
    await section(page, 'branding').getByLabel('Font').selectOption('Georgia');
  }, 'Branding information updated successfully!');
  const logo = section(page, 'branding').getByAltText(`${name} logo`);
  await expect(logo).toBeVisible();
  const src = await logo.getAttribute('src');
  const served = await request.get(src!);
  expect(served.headers()['content-type']).toBe('image/png');
  await expect(section(page, 'branding')).toContainText('#0b3d91');

  await editSave(page, 'contact', async () => {
    await section(page, 'contact').getByLabel('Contact 1 name').fill('Admissions Office');
    await section(page, 'contact').getByLabel('Contact 1 e-mail').fill('admissions@willow.example.edu');
    await section(page, 'contact').getByRole('button', { name: 'Add contact point' }).click();
  }, 'Contact information updated successfully!');
  await expect(section(page, 'contact')).toContainText('admissions@willow.example.edu');

  await editSave(page, 'tuition', async () => {
    await section(page, 'tuition').getByLabel('Tuition information').fill('Tuition is $18,400 per year.');
    await section(page, 'tuition').getByLabel('Instructions for the assistant on tuition questions').fill('Point families to the net price calculator.');
  }, 'Tuition information updated successfully!');

  await editSave(page, 'social', async () => {
    await section(page, 'social').getByLabel('Instagram').fill('https://instagram.com/willowcreek');
  }, 'Social media information updated successfully!');
  await expect(section(page, 'social')).toContainText('https://instagram.com/willowcreek');

  // Back on the dashboard the gated cards are open.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByTestId('current-school')).toHaveText(name);
  await expect(page.getByText('School Info Required')).toHaveCount(0);
  await expect(page.getByTestId('card-training-room').getByRole('link')).toBeVisible();
});

test('fill and save the fact sheet', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token;
  await request.post('/schools/', { data: { name: uniq('Alder Tech ') }, headers: { authorization: `Bearer ${token}` } });
  await signIn(page, user.email, user.password);
  await page.getByTestId('card-training-room').getByRole('link').click();
  await expect(page.getByRole('tab', { name: 'Fact Sheet' })).toHaveAttribute('aria-selected', 'true');
  // Empty fact sheet opens in edit mode.
  await page.getByLabel('Add programs').fill('Nursing, Computer Science, , Nursing');
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'Remove Nursing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Computer Science' })).toBeVisible();
  await page.getByLabel('Add athletic teams').fill('Soccer');
  await page.getByLabel('Add athletic teams').press('Enter');
  await page.getByRole('button', { name: 'Add deadline' }).click();
  await page.getByRole('button', { name: 'Save Fact Sheet' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Deadline 1 needs a name and a date');
  await page.getByLabel('Deadline 1 name').fill('Early action');
  await page.getByLabel('Deadline 1 date').fill('2026-11-01');
  await page.getByLabel('Deadline 1 description').fill('Non-binding');
  await expectAccessible(page, 'fact sheet editor');
  await page.getByRole('button', { name: 'Save Fact Sheet' }).click();
  await expect(page.getByText('Fact sheet saved successfully!')).toBeVisible();
  await expect(page.getByText('Early action')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Computer Science')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByText('Non-binding')).toBeVisible();
});

test('without a school the fact sheet asks to set the school up first', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/training-room');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Please set up your school information first.');
});

test('sections become an accordion at 390 px with School Info open', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token;
  await request.post('/schools/', { data: { name: uniq('Hemlock School ') }, headers: { authorization: `Bearer ${token}` } });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/school');
  const basic = section(page, 'basic');
  await expect(basic).toHaveAttribute('open', '');
  await expect(section(page, 'branding')).not.toHaveAttribute('open', '');
  await expect(section(page, 'branding').getByRole('button', { name: 'Edit' })).toBeHidden();
  await section(page, 'branding').getByText('Branding').click();
  await expect(section(page, 'branding').getByRole('button', { name: 'Edit' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto('/dashboard/training-room');
  // Several Training Room areas may be open at once; each shows the same open/closed chevron as School Management.
  await expect(page.getByRole('button', { name: 'Fact Sheet', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Fact Sheet', exact: true }).getByTestId('accordion-chevron')).toHaveClass(/rotate-180/);
  await expect(page.getByRole('button', { name: 'Action Prompts', exact: true }).getByTestId('accordion-chevron')).not.toHaveClass(/rotate-180/);
  await page.getByRole('button', { name: 'Action Prompts', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Fact Sheet', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Action Prompts', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expectNoHorizontalScroll(page);
  // AI Customization opens one panel at a time.
  await page.goto('/dashboard/ai-customization');
  await expect(page.getByRole('button', { name: 'Persona', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Voice', exact: true }).getByTestId('accordion-chevron')).toBeVisible();
  await page.getByRole('button', { name: 'Voice', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Voice', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Persona', exact: true })).toHaveAttribute('aria-expanded', 'false');
  await expectNoHorizontalScroll(page);
});

test('a save after the session has ended goes home with the message, and back to the page after sign-in (issue 14 #14)', async ({ page, request, context }) => {
  const user = await createUser(request, await ownerToken(request));
  await createSchoolAs(request, user.email, user.password, uniq('Spruce College '));
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/school');
  await section(page, 'tuition').getByRole('button', { name: 'Edit' }).click();
  await context.clearCookies();
  await section(page, 'tuition').getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  const d = dialog(page);
  await expect(d.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await expect(page.getByText('An error occurred updating tuition information')).toHaveCount(0);
  await d.getByLabel('E-mail').fill(user.email);
  await d.getByLabel('Password').fill(user.password);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/school$/);
  await expect(section(page, 'tuition').getByRole('button', { name: 'Edit' })).toBeVisible();
});
