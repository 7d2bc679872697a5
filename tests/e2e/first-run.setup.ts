import { expect, test } from '@playwright/test';
import { dialog, expectAccessible, OWNER } from './helpers';

// Runs before every other e2e test (a Playwright setup project): the fresh install's first visitor
// creates the platform administrator through the Initial Setup dialog.
test('first-run setup creates the superuser through the Initial Setup dialog', async ({ page, request }) => {
  expect(await (await request.get('/auth/user-count')).json()).toEqual({ count: 0, allow_registration: true });
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const d = dialog(page);
  await expect(d.getByRole('heading', { name: 'Initial Setup' })).toBeVisible();
  await expect(d.getByText('Welcome! Create your administrator account to get started.')).toBeVisible();
  await expect(d.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expectAccessible(page, 'initial setup dialog');

  await d.getByLabel('E-mail').fill(OWNER.email);
  await d.getByLabel('Password', { exact: true }).fill('password');
  await expect(d.getByTestId('password-strength')).toContainText('Password is too common');
  await d.getByLabel('Confirm password').fill('password');
  await d.getByLabel('Username').fill(OWNER.username);
  await d.getByLabel('First name').fill(OWNER.first_name);
  await d.getByLabel('Last name').fill(OWNER.last_name);
  await d.getByRole('button', { name: 'Create Account' }).click();
  await expect(d.getByRole('alert')).toHaveText('Please fix the password issues before continuing');

  await d.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await d.getByLabel('Confirm password').fill('Something-Else-123');
  await d.getByRole('button', { name: 'Create Account' }).click();
  await expect(d.getByRole('alert')).toHaveText('Passwords do not match');

  await d.getByLabel('Confirm password').fill(OWNER.password);
  await expect(d.getByTestId('password-strength')).toContainText('Strength:');
  await d.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${OWNER.first_name}!`)).toBeVisible();
  expect(await (await request.get('/auth/user-count')).json()).toEqual({ count: 1, allow_registration: false });
  const me = await request.post('/auth/login', { data: { email: OWNER.email, password: OWNER.password } });
  const token = (await me.json()).access_token;
  expect((await (await request.get('/auth/me', { headers: { authorization: `Bearer ${token}` } })).json()).role).toBe('superuser');
});
