import { expect, test } from '@playwright/test';

const owner = { email: 'owner@lantern.test', password: 'Lantern-Harbor-2026', username: 'owner', first_name: 'Olive', last_name: 'Owens' };

test('a signed-out visit to the dashboard returns home, and signing in brings the user back', async ({ page, request }) => {
  const count = await request.get('/auth/user-count');
  expect(await count.json()).toEqual({ count: 0, allow_registration: true });
  expect((await request.post('/auth/register', { data: owner })).status()).toBe(201);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/\?session=expired&next=%2Fdashboard/);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Your session has expired. Please log in again.');

  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Incorrect email or password');

  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Olive!')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/session=expired/);
});

test('the API reference lists the documented calls', async ({ page, request }) => {
  const doc = await (await request.get('/openapi.json')).json();
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.paths['/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { name: 'Lantern API' })).toBeVisible();
  await expect(page.getByText('/auth/refresh', { exact: true })).toBeVisible();
});
