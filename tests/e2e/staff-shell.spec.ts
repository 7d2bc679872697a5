import { expect, test } from '@playwright/test';
import { chooseSetting, createSchoolAs, createUser, dialog, expectAccessible, expectNoHorizontalScroll, ownerToken, PASSWORD, signIn, signInChoosing } from './helpers';

test('dark mode persists across reloads', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await signIn(page, user.email, user.password);
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await chooseSetting(page, 'Dark Mode');
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  await expectAccessible(page, 'dashboard (dark)');
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await chooseSetting(page, 'Light Mode');
  await expect(html).not.toHaveClass(/dark/);
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
});

test('profile save, including a password change', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await signIn(page, user.email, user.password);
  await chooseSetting(page, 'Profile');
  const d = dialog(page);
  await expect(d.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await expect(d.getByLabel('First name')).toHaveValue(user.first_name);
  await expectAccessible(page, 'profile modal');

  // A new e-mail takes the current password.
  await d.getByLabel('E-mail').fill(`new.${user.email}`);
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await expect(d.getByRole('alert')).toHaveText('Current password is required to change e-mail');
  await d.getByLabel('E-mail').fill(user.email);

  await d.getByLabel('First name').fill('Robin');
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await expect(d.getByRole('status')).toHaveText('Profile updated successfully');
  await expect(page.getByText('Welcome, Robin!')).toBeVisible();

  await d.getByLabel('New password', { exact: true }).fill('Another-Good-Pass-42');
  await d.getByLabel('Confirm new password').fill('Another-Good-Pass-43');
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await expect(d.getByRole('alert')).toHaveText('New passwords do not match');
  await d.getByLabel('Confirm new password').fill('Another-Good-Pass-42');
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await expect(d.getByRole('alert')).toHaveText('Current password is required to change password');
  await d.getByLabel('Current password').fill('wrong-current');
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await expect(d.getByRole('alert')).toHaveText('Current password is incorrect');
  await d.getByLabel('Current password').fill(PASSWORD);
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await expect(d.getByRole('status')).toHaveText('Profile updated successfully');
  await d.getByRole('button', { name: 'Cancel' }).click();
  await expect(d).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const old = await request.post('/auth/login', { data: { email: user.email, password: PASSWORD } });
  expect(old.status()).toBe(401);
  await signIn(page, user.email, 'Another-Good-Pass-42');
  await expect(page.getByText('Welcome, Robin!')).toBeVisible();
});

test('cards wait for the school record with the School Info Required badge', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await signIn(page, user.email, user.password);
  await expect(page.getByText('No school yet: start with School Management to set up your school.')).toBeVisible();
  const school = page.getByTestId('card-school-management');
  await expect(school).not.toContainText('School Info Required');
  for (const key of ['training-room', 'ai-customization', 'chatbot', 'crm-setup', 'leads', 'reports']) {
    const card = page.getByTestId(`card-${key}`);
    await expect(card).toContainText('School Info Required');
    await expect(card).toHaveAttribute('data-enabled', 'false');
  }
  // Hidden as coming soon, and Admin Tools only for superusers.
  for (const hidden of ['email', 'phone', 'manage-prospects', 'campaigns', 'user-management']) await expect(page.getByTestId(`card-${hidden}`)).toHaveCount(0);
  await expectAccessible(page, 'dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await expect(page.getByText(`Welcome, ${user.first_name}!`)).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });

  await createSchoolAs(request, user.email, user.password, 'Hazel Community College');
  await page.reload();
  await expect(page.getByTestId('current-school')).toHaveText('Hazel Community College');
  await expect(page.getByText('School Info Required')).toHaveCount(0);

  // A new school's setup checklist, each step ticked from what the school has done.
  const checklist = page.getByRole('region', { name: 'Set up Lantern' });
  await expect(checklist).toContainText('0 of 5 steps done');
  await expect(checklist.getByRole('link')).toHaveText(['Complete your school profile', 'Add what the assistant should know', 'Shape your assistant', 'Put the chat on your website', 'Have a first test chat']);
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  await request.put('/ai-settings/persona', { data: { ai_name: 'Hazel' }, headers: { authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(checklist).toContainText('1 of 5 steps done');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Shape your assistant' })).toContainText('(done)');
  await checklist.getByRole('link', { name: 'Add what the assistant should know' }).click();
  await expect(page).toHaveURL(/\/dashboard\/training-room$/);
});

test('superusers see Admin Tools', async ({ page, request }) => {
  const owner = await ownerToken(request);
  const su = await createUser(request, owner, { role: 'superuser' });
  const admin = await createUser(request, owner);
  await createSchoolAs(request, admin.email, admin.password, 'Juniper School');
  // Other schools exist, so the superuser passes through school access; granting none is allowed.
  await signInChoosing(page, su.email, su.password, null);
  await expect(page.getByRole('heading', { name: 'Admin Tools' })).toBeVisible();
  for (const key of ['user-management', 'scheduler-dashboard', 'advanced-reports']) await expect(page.getByTestId(`card-${key}`)).toBeVisible();
});

test('the password update banner opens the profile modal', async ({ page, request }) => {
  const owner = await ownerToken(request);
  const user = await createUser(request, owner);
  const set = await request.put(`/auth/users/${user.id}/password`, { data: { new_password: 'Admin-Chosen-Pass-55' }, headers: { authorization: `Bearer ${owner}` } });
  expect(set.status()).toBe(200);
  await signIn(page, user.email, 'Admin-Chosen-Pass-55');
  const banner = page.getByRole('alert').filter({ hasText: 'Password Update Required' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Update Password Now' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
});

test('an unknown /dashboard path shows a not-found page with the staff header and a way back (issue 14 #17)', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await signIn(page, user.email, user.password);
  const res = await page.goto('/dashboard/no-such-screen/at-all');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(`Welcome, ${user.first_name}!`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectAccessible(page, 'staff not found');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
