import { expect, test } from '@playwright/test';
import { createSchoolAs, createUser, dialog, expectAccessible, ownerToken, PASSWORD, signInWithDialog, uniq } from './helpers';

test('login with one account shows the version, refuses a wrong password, and lands on the dashboard', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await page.goto('/login');
  const d = dialog(page);
  await expect(d.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(d.getByText(/^Lantern v\d+\.\d+\.\d+ \(\w+\)$/)).toBeVisible();
  await expect(d.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
  await expectAccessible(page, 'login dialog');

  await d.getByLabel('E-mail').fill(user.email);
  await d.getByLabel('Password').fill('not the password');
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(d.getByRole('alert')).toHaveText('Incorrect email or password');

  await d.getByLabel('Password').fill(user.password);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${user.first_name}!`)).toBeVisible();
});

test('closing the dialog or switching mode clears its fields', async ({ page }) => {
  await page.goto('/login');
  const d = dialog(page);
  await d.getByLabel('E-mail').fill('someone@lantern.test');
  await d.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(d.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(d.getByLabel('E-mail')).toHaveValue('');
  await expectAccessible(page, 'forgot-password dialog');
  await d.getByLabel('E-mail').fill('someone@lantern.test');
  await d.getByRole('button', { name: 'Back to login' }).click();
  await expect(d.getByLabel('E-mail')).toHaveValue('');
  await d.getByLabel('E-mail').fill('someone@lantern.test');
  await page.keyboard.press('Escape');
  await expect(d).toHaveCount(0);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(dialog(page).getByLabel('E-mail')).toHaveValue('');
});

test('a person with two linked accounts chooses one in select-account', async ({ page, request }) => {
  const owner = await ownerToken(request);
  // Two schools, each created by its own admin; then the same person gets an account in each.
  const adminA = await createUser(request, owner);
  const adminB = await createUser(request, owner);
  const schoolA = uniq('Linden College ');
  const schoolB = uniq('Maple Institute ');
  const idA = await createSchoolAs(request, adminA.email, adminA.password, schoolA);
  const idB = await createSchoolAs(request, adminB.email, adminB.password, schoolB);
  const email = `${uniq('linked')}@lantern.test`;
  await createUser(request, owner, { email, username: 'lin-admin', role: 'admin', school_id: idA });
  await createUser(request, owner, { email, username: 'lin-staff', role: 'user', school_id: idB });

  await page.goto('/login');
  const d = dialog(page);
  await d.getByLabel('E-mail').fill(email);
  await d.getByLabel('Password').fill(PASSWORD);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(d.getByRole('heading', { name: 'Choose an Account' })).toBeVisible();
  const optionA = d.getByRole('radio', { name: new RegExp(schoolA) });
  await expect(optionA).toBeVisible();
  await expect(d.getByText('@lin-admin')).toBeVisible();
  await expect(d.getByText('@lin-staff')).toBeVisible();
  await expect(d.getByText('Admin', { exact: true })).toHaveCount(1);
  await expectAccessible(page, 'select-account dialog');

  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(d.getByRole('alert')).toHaveText('Please select an account');
  await d.getByRole('radio', { name: new RegExp(schoolB) }).check();
  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-school')).toHaveText(schoolB);
});

test('a superuser grants themselves school access, then picks the school to enter', async ({ page, request }) => {
  const owner = await ownerToken(request);
  const su = await createUser(request, owner, { role: 'superuser' });
  const admin = await createUser(request, owner);
  const schoolName = uniq('Rowan University ');
  await createSchoolAs(request, admin.email, admin.password, schoolName);

  await page.goto('/login');
  const d = dialog(page);
  await d.getByLabel('E-mail').fill(su.email);
  await d.getByLabel('Password').fill(su.password);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(d.getByRole('heading', { name: 'School Access' })).toBeVisible();
  await expect(d.getByText('As a SuperUser, you can have access to all schools')).toBeVisible();
  await expectAccessible(page, 'school-access dialog');
  await d.getByRole('checkbox', { name: schoolName }).check();
  await d.getByRole('button', { name: 'Continue' }).click();

  await expect(d.getByRole('heading', { name: 'Choose a School' })).toBeVisible();
  await d.getByRole('button', { name: 'Login to Selected School' }).click();
  await expect(d.getByRole('alert')).toHaveText('Please select a school to login to');
  await expect(d.getByRole('radio', { name: /No School Assigned/ })).toBeVisible();
  await d.getByRole('radio', { name: new RegExp(schoolName) }).check();
  await d.getByRole('button', { name: 'Login to Selected School' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-school')).toHaveText(schoolName);

  // The grant is real: the new account shows up in the superuser's linked accounts.
  const check = await request.post('/auth/check-accounts', { data: { email: su.email, password: su.password } });
  const accounts = (await check.json()).user_accounts as { school_name: string | null }[];
  expect(accounts.map((a) => a.school_name)).toContain(schoolName);
});

test('an expired session returns home with the message and restores the path after sign-in', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await page.goto('/dashboard?tab=history');
  await expect(page).toHaveURL(/\/$/);
  const d = dialog(page);
  await expect(d.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await d.getByLabel('E-mail').fill(user.email);
  await d.getByLabel('Password').fill(user.password);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=history$/);

  // Once used, the remembered path is forgotten: signing out and in again lands on the dashboard.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInWithDialog(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a `next` that leaves the site is never followed after sign-in', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const leftSite: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && new URL(r.url()).hostname !== '127.0.0.1') leftSite.push(r.url());
  });
  for (const address of ['/?session=expired&next=/%5Cevil.example', '/?session=expired&next=/%09/evil.example', '/?session=expired&next=/%0A/evil.example', '/login?session=expired&next=/%5Cevil.example%2Fphish']) {
    await page.context().clearCookies();
    await page.goto(address);
    const d = dialog(page);
    await d.getByLabel('E-mail').fill(user.email);
    await d.getByLabel('Password').fill(user.password);
    await d.getByRole('button', { name: 'Sign In' }).click();
    await expect(page, address).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  }
  expect(leftSite).toEqual([]);
});

test('the session ends for a deactivated user at their next page', async ({ page, request }) => {
  const owner = await ownerToken(request);
  const user = await createUser(request, owner);
  await signInWithDialog(page, user.email, user.password);
  const res = await request.put(`/auth/users/${user.id}`, { data: { is_active: false }, headers: { authorization: `Bearer ${owner}` } });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog(page).getByText('Your session has expired. Please log in again.')).toBeVisible();
  const login = await request.post('/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(401);
});

test('sign-in limits count the connection, not headers the caller writes, on the API and in the dialog', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  // Each attempt claims another address, in X-Forwarded-For and in the server's own private header.
  const attempt = (i: number, password: string) =>
    request.post('/auth/login', { data: { email: user.email, password }, headers: { 'x-forwarded-for': `10.0.${i}.1`, 'x-lantern-client-address': `10.1.${i}.1` } });
  for (let i = 0; i < 10; i++) expect((await attempt(i, 'not the password')).status()).toBe(401);
  const refused = await attempt(10, user.password);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

  // The web sign-in on this machine is the same client: refused too, with the reason shown.
  await page.goto('/login');
  const d = dialog(page);
  await d.getByLabel('E-mail').fill(user.email);
  await d.getByLabel('Password').fill(user.password);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(d.getByRole('alert')).toHaveText('Too many attempts. Please try again later.');
});

test('signing out ends the session on the server: a saved cookie opens nothing afterwards', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await signInWithDialog(page, user.email, user.password);
  const saved = await page.context().cookies();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Put the old session cookie back, as someone who copied it would.
  await page.context().addCookies(saved);
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/$/);
  const d = dialog(page);
  await expect(d.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await d.getByLabel('E-mail').fill(user.email);
  await d.getByLabel('Password').fill(user.password);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);
});
