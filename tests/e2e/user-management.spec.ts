import { expect, test, type Page } from '@playwright/test';
import { createSchoolAs, createUser, dialog, expectAccessible, ownerToken, PASSWORD, signIn, signInChoosing, uniq } from './helpers';

/** A superuser with a school of their own, signed in, on /dashboard/users. */
async function openAsSuperuser(page: Page, request: Parameters<typeof ownerToken>[0]) {
  const owner = await ownerToken(request);
  const su = await createUser(request, owner, { role: 'superuser' });
  const schoolName = uniq('Birchwood College ');
  await createSchoolAs(request, su.email, su.password, schoolName);
  await signInChoosing(page, su.email, su.password, schoolName);
  await page.getByTestId('card-user-management').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);
  await expect(page.getByTestId('user-count')).toBeVisible();
  return { su, schoolName };
}

const card = (page: Page, name: string) => page.getByRole('listitem', { name });

test('create users with each school choice, edit, change password, deactivate, activate and delete', async ({ page, request }) => {
  const { schoolName } = await openAsSuperuser(page, request);
  await expectAccessible(page, 'user management');
  const search = page.getByPlaceholder('Search users...');

  // 1. An existing school.
  const alpha = uniq('alpha');
  await page.getByRole('button', { name: 'Add New User' }).click();
  let d = dialog(page);
  await expect(d.getByRole('heading', { name: 'Create New User' })).toBeVisible();
  await expectAccessible(page, 'create user modal');
  // An empty form reports every missing required field at once.
  await d.getByRole('button', { name: 'Create User' }).click();
  await expect(d.getByRole('alert').getByRole('listitem')).toHaveText(['First name is required', 'Last name is required', 'E-mail is required', 'Username is required', 'Password is required for new users']);
  await d.getByLabel('First name').fill('Alex');
  await d.getByLabel('Last name').fill(alpha);
  await d.getByLabel('E-mail').fill(`${alpha}@lantern.test`);
  await d.getByLabel('Username').fill(alpha);
  await d.getByRole('button', { name: 'Create User' }).click();
  await expect(d.getByRole('alert')).toHaveText('Password is required for new users');
  await d.getByLabel('Password').fill(PASSWORD);
  await expect(d.getByLabel('Role').locator('option')).toHaveText(['User', 'Admin', 'Superuser']);
  await d.getByLabel('School').selectOption({ label: schoolName });
  await d.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User created successfully' })).toHaveText('User created successfully');
  await search.fill(alpha);
  await expect(card(page, `Alex ${alpha}`)).toContainText(schoolName);

  // 2. No school, and 3. 'Create New School Account' with its own message.
  const beta = uniq('beta');
  await page.getByRole('button', { name: 'Add New User' }).click();
  d = dialog(page);
  await d.getByLabel('First name').fill('Bea');
  await d.getByLabel('Last name').fill(beta);
  await d.getByLabel('E-mail').fill(`${beta}@lantern.test`);
  await d.getByLabel('Username').fill(beta);
  await d.getByLabel('Password').fill(PASSWORD);
  await d.getByLabel('School').selectOption({ label: 'No School Assigned' });
  await d.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully', { exact: true })).toBeVisible();
  const gamma = uniq('gamma');
  await page.getByRole('button', { name: 'Add New User' }).click();
  d = dialog(page);
  await d.getByLabel('First name').fill('Gus');
  await d.getByLabel('Last name').fill(gamma);
  await d.getByLabel('E-mail').fill(`${gamma}@lantern.test`);
  await d.getByLabel('Username').fill(gamma);
  await d.getByLabel('Password').fill(PASSWORD);
  await d.getByLabel('School').selectOption({ label: 'Create New School Account' });
  await d.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully. They will be prompted to set up a new school on first login.')).toBeVisible();
  await search.fill(gamma);
  await expect(card(page, `Gus ${gamma}`)).toContainText('No school assigned');

  // A server refusal shows its detail in the form.
  await page.getByRole('button', { name: 'Add New User' }).click();
  d = dialog(page);
  await d.getByLabel('First name').fill('Dup');
  await d.getByLabel('Last name').fill('Licate');
  await d.getByLabel('E-mail').fill(`${alpha}@lantern.test`);
  await d.getByLabel('Username').fill(uniq('dup'));
  await d.getByLabel('Password').fill(PASSWORD);
  await d.getByLabel('School').selectOption({ label: schoolName });
  await d.getByRole('button', { name: 'Create User' }).click();
  await expect(d.getByRole('alert')).toHaveText('A user with this email already exists in this school');
  await d.getByRole('button', { name: 'Cancel' }).click();

  // Edit.
  await search.fill(alpha);
  await card(page, `Alex ${alpha}`).getByRole('button', { name: 'Edit' }).click();
  d = dialog(page);
  await expect(d.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  await expect(d.getByLabel('Password')).toHaveCount(0);
  await d.getByLabel('First name').fill('Alexandra');
  await d.getByLabel('Role').selectOption('admin');
  await d.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  const alex = card(page, `Alexandra ${alpha}`);
  await expect(alex).toContainText('Admin');

  // Change password.
  await alex.getByRole('button', { name: 'Change Password' }).click();
  d = dialog(page);
  await expect(d.getByRole('heading', { name: `Change Password for ${alpha}` })).toBeVisible();
  await d.getByRole('button', { name: 'Update Password' }).click();
  await expect(d.getByRole('alert')).toHaveText('Password is required');
  await d.getByLabel('New password').fill('Admin-Set-Password-71');
  await d.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  expect((await request.post('/auth/login', { data: { email: `${alpha}@lantern.test`, password: 'Admin-Set-Password-71' } })).status()).toBe(200);

  // Deactivate: that user can no longer sign in. Activate: they can again.
  await alex.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('User deactivated successfully')).toBeVisible();
  await expect(alex).toContainText('Inactive');
  expect((await request.post('/auth/login', { data: { email: `${alpha}@lantern.test`, password: 'Admin-Set-Password-71' } })).status()).toBe(401);
  await alex.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('User activated successfully')).toBeVisible();
  expect((await request.post('/auth/login', { data: { email: `${alpha}@lantern.test`, password: 'Admin-Set-Password-71' } })).status()).toBe(200);

  // Delete with confirmation; Cancel keeps the user.
  await alex.getByRole('button', { name: 'Delete' }).click();
  d = dialog(page);
  await expect(d).toContainText(`Are you sure you want to delete user "${alpha}"? This action cannot be undone.`);
  await d.getByRole('button', { name: 'Cancel' }).click();
  await expect(alex).toBeVisible();
  await alex.getByRole('button', { name: 'Delete' }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(alex).toHaveCount(0);
  await expect(page.getByText('No users match the current filters.')).toBeVisible();
  // Banners can be dismissed.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('User deleted successfully')).toHaveCount(0);
});

test('filters, Clear Filters, the counts line and the empty states', async ({ page, request }) => {
  const { su, schoolName } = await openAsSuperuser(page, request);
  const owner = await ownerToken(request);
  const tag = uniq('flt');
  const schoolId = Number((await (await request.get('/schools/', { headers: { authorization: `Bearer ${owner}` } })).json()).find((s: { name: string }) => s.name === schoolName).id);
  await createUser(request, owner, { username: `${tag}-one`, email: `${tag}-one@lantern.test`, first_name: 'Fil', last_name: 'One', school_id: schoolId });
  const two = await createUser(request, owner, { username: `${tag}-two`, email: `${tag}-two@lantern.test`, first_name: 'Fil', last_name: 'Two', role: 'admin', school_id: schoolId });
  await request.put(`/auth/users/${two.id}`, { data: { is_active: false }, headers: { authorization: `Bearer ${owner}` } });
  await createUser(request, owner, { username: `${tag}-three`, email: `${tag}-three@lantern.test`, first_name: 'Fil', last_name: 'Three', role: 'superuser' });
  await page.reload();

  const count = page.getByTestId('user-count');
  await expect(count).toHaveText(/^Showing \d+ of \d+ users$/);
  const total = Number(/of (\d+) users/.exec((await count.textContent())!)![1]);
  const search = page.getByPlaceholder('Search users...');
  await search.fill(tag);
  // Default role filter 'Users and Admins' hides the superuser.
  await expect(count).toHaveText(`Showing 2 of ${total} users`);
  await expect(page.getByLabel('Role')).toHaveValue('users_and_admins');
  // At 1280 px the Role select is wide enough for 'Users and Admins' (text, padding and arrow).
  await page.setViewportSize({ width: 1280, height: 800 });
  const fit = await page.getByLabel('Role').evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = ctx.measureText(el.selectedOptions[0]!.text).width;
    return { room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24, text };
  });
  expect(fit.room).toBeGreaterThanOrEqual(fit.text);
  await page.getByLabel('Role').selectOption({ label: 'All Roles' });
  await expect(count).toHaveText(`Showing 3 of ${total} users`);
  await page.getByLabel('Role').selectOption({ label: 'Superuser' });
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  await page.getByLabel('Role').selectOption({ label: 'All Roles' });
  await page.getByLabel('Status').selectOption({ label: 'Inactive' });
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  await expect(page.getByTestId('user-card')).toContainText('Fil Two');
  await page.getByLabel('Status').selectOption({ label: 'Active' });
  await expect(count).toHaveText(`Showing 2 of ${total} users`);
  await page.getByLabel('School').selectOption({ label: 'No School Assigned' });
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  await expect(page.getByTestId('user-card')).toContainText('Fil Three');
  await page.getByLabel('School').selectOption({ label: schoolName });
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  await expect(page.getByTestId('user-card')).toContainText('Fil One');
  // Search covers e-mail and username too.
  await search.fill(`${tag}-one@lantern`);
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  await search.fill('no-such-person-anywhere');
  await expect(page.getByText('No users match the current filters.')).toBeVisible();
  await expect(count).toHaveText(`Showing 0 of ${total} users`);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByLabel('Role')).toHaveValue('users_and_admins');
  await expect(page.getByLabel('Status')).toHaveValue('all');
  await expect(page.getByLabel('School')).toHaveValue('all');
  await expect(count).not.toHaveText(`Showing 0 of ${total} users`);
  expect(su.email).toContain('@');
});

test('an admin manages only their school and cannot pick the superuser role; a user is turned away', async ({ page, request }) => {
  const owner = await ownerToken(request);
  const admin = await createUser(request, owner);
  const schoolName = uniq('Alder Academy ');
  await createSchoolAs(request, admin.email, admin.password, schoolName);
  const colleague = await createUser(request, owner, { first_name: 'Col', last_name: uniq('league') });
  await signIn(page, admin.email, admin.password);
  // Admin Tools are for superusers only; the screen itself still serves an admin.
  await expect(page.getByTestId('card-user-management')).toHaveCount(0);
  await page.goto('/dashboard/users');
  await page.getByLabel('Role').selectOption({ label: 'All Roles' });
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  await expect(page.getByTestId('user-card')).toContainText(schoolName);
  await expect(page.getByText(colleague.last_name)).toHaveCount(0);
  // Their own card cannot be deleted or deactivated.
  await expect(page.getByTestId('user-card').getByRole('button', { name: 'Delete' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add New User' }).click();
  const d = dialog(page);
  await expect(d.getByLabel('Role').locator('option')).toHaveText(['User', 'Admin']);
  await expect(d.getByLabel('School').locator('option')).toHaveText([schoolName]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, colleague.email, colleague.password);
  await page.goto('/dashboard/users');
  await expect(page.getByText('Not enough permissions: only administrators can manage users.')).toBeVisible();
});

test('with no users visible the screen says so', async ({ page, request }) => {
  // An admin whose school has no one else, filtered to inactive users: nothing to show.
  const owner = await ownerToken(request);
  const admin = await createUser(request, owner);
  await createSchoolAs(request, admin.email, admin.password, uniq('Solo School '));
  await signIn(page, admin.email, admin.password);
  await page.goto('/dashboard/users');
  await expect(page.getByText('Loading users...').or(page.getByTestId('user-count'))).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Inactive' });
  await expect(page.getByText('No users match the current filters.')).toBeVisible();
});
