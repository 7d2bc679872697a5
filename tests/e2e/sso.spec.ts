import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { SSO_FAILURE_TEXT } from '../../lib/sso/errors';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { chooseSetting, dialog, expectAccessible, signIn, ssoCollege as college, uniq } from './helpers';
import { E2E_PORT, OIDC_PORT } from './ports';

// Single sign-on in the browser, against a real OpenID provider (oidc-provider) on a local port:
// the IT administrator connects it from the Single Sign-On screen and runs Test sign-in; a counselor
// signs in by e-mail first and "Continue with … SSO"; enforcement hides the password; a foreign or
// unverified address and a replayed callback end on the sign-in page with the reason.

const APP = `http://127.0.0.1:${E2E_PORT}`;
let idp: TestOidcProvider;

test.beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${APP}/auth/sso/oidc/callback`, port: OIDC_PORT });
});
test.afterAll(async () => idp.close());

async function connect(request: APIRequestContext, auth: Record<string, string>, domain: string, over: Record<string, unknown> = {}) {
  const res = await request.put('/schools/my-school/sso', { headers: auth, data: { protocol: 'oidc', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, email_domains: [domain], ...over } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new browser signing in by single sign-on from the dialog, as `email` at the provider. */
async function ssoSignIn(browser: Browser, typed: string, atProvider = typed) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  const d = dialog(page);
  await d.getByLabel('E-mail').fill(typed);
  await d.getByRole('button', { name: /^Continue with .* SSO$/ }).click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill(atProvider);
  await page.getByRole('button', { name: 'Sign in at the provider' }).click();
  return { context, page };
}

test('an IT administrator connects the school provider and tests it; a counselor signs in with it, twice, as one account', async ({ page, browser, request }) => {
  const { domain, admin, auth, school } = await college(request, 'Quay College ');
  await signIn(page, admin.email, admin.password);
  await page.goto('/dashboard/sso');
  await expect(page.getByRole('heading', { name: 'Single Sign-On' })).toBeVisible();
  await expect(page.getByTestId('sso-status')).toHaveText('Not connected: staff sign in with passwords.');
  // The value to register at the provider is there before anything is saved.
  await expect(page.getByText(`${APP}/auth/sso/oidc/callback`)).toBeVisible();
  await page.getByLabel('Issuer URL').fill(idp.issuer);
  await page.getByLabel('Client ID').fill(idp.clientId);
  await page.getByLabel('Client secret').fill(idp.clientSecret);
  await page.getByLabel('E-mail domains').fill(domain);
  await page.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(page.getByTestId('sso-status')).toHaveText('Connected by OpenID Connect: on.');
  await expect(page.getByLabel('Client secret')).toHaveValue('********');
  await expectAccessible(page, 'single sign-on screen');

  // Test sign-in runs the flow in a new window and shows what the provider sent; nobody is signed in there.
  idp.setPerson({ email: `it@${domain}`, given_name: 'Ivy', family_name: 'Tran' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Test sign-in' }).click()]);
  await popup.getByLabel('E-mail').fill(`it@${domain}`);
  await popup.getByRole('button', { name: 'Sign in at the provider' }).click();
  await expect(popup.getByRole('heading', { name: 'Test sign-in' })).toBeVisible();
  await expect(popup.getByText('The identity provider signed you in. This address can sign in.')).toBeVisible();
  await expect(popup.getByTestId('claim-e-mail')).toHaveText(`it@${domain}`);
  await expect(popup.getByTestId('claim-first-name')).toHaveText('Ivy');

  // A counselor's first sign-in makes the account; the dashboard greets them by the provider's name.
  idp.setPerson({ email: `cara@${domain}`, given_name: 'Cara', family_name: 'Nolan' });
  const first = await ssoSignIn(browser, `cara@${domain}`);
  await expect(first.page).toHaveURL(/\/dashboard$/);
  await expect(first.page.getByText('Welcome, Cara!')).toBeVisible();
  await chooseSetting(first.page, 'Profile');
  await expect(dialog(first.page).getByText(`Signed in with ${school} SSO`)).toBeVisible();
  await expect(dialog(first.page).getByLabel('Current password')).toHaveCount(0);
  await first.context.close();

  // The second finds the same account (names follow the provider).
  idp.setPerson({ email: `cara@${domain}`, given_name: 'Carolina', family_name: 'Nolan' });
  const second = await ssoSignIn(browser, `cara@${domain}`);
  await expect(second.page.getByText('Welcome, Carolina!')).toBeVisible();
  const users = ((await (await request.get('/auth/users', { headers: auth })).json()) as { data: { email: string }[] }).data;
  expect(users.filter((u) => u.email === `cara@${domain}`)).toHaveLength(1);

  // IT connects provisioning: the token is shown once, and with it the provider removes Cara when she leaves.
  await page.getByRole('button', { name: 'Create SCIM token' }).click();
  const token = (await page.getByTestId('scim-token').textContent())!;
  await expect(page.getByTestId('scim-token-status')).toContainText('active since');
  const scim = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const found = await (await request.get(`/scim/v2/Users?filter=${encodeURIComponent(`userName eq "cara@${domain}"`)}`, { headers: scim })).json();
  expect(found.totalResults).toBe(1);
  const leave = await request.patch(`/scim/v2/Users/${found.Resources[0].id}`, { headers: scim, data: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] } });
  expect(leave.status(), await leave.text()).toBe(200);
  // Her open session ends at once, and the provider's sign-in no longer gets her in.
  await second.page.reload();
  await expect(dialog(second.page).getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await second.context.close();
  const after = await ssoSignIn(browser, `cara@${domain}`);
  await expect(dialog(after.page).getByRole('alert')).toHaveText(SSO_FAILURE_TEXT.account_disabled);
  await after.context.close();
});

test('with enforcement the dialog hides the password for the school domains; other addresses keep it', async ({ page, request }) => {
  const { domain, auth, school } = await college(request, 'Birch College ');
  await connect(request, auth, domain, { enforce: true });
  await page.goto('/login');
  const d = dialog(page);
  await d.getByLabel('E-mail').fill(`dana@${domain}`);
  await expect(d.getByRole('button', { name: `Continue with ${school} SSO` })).toBeVisible();
  await expect(d.getByLabel('Password')).toHaveCount(0);
  await expect(d.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'sign-in dialog with enforced single sign-on');
  // A platform administrator under the domain keeps a way to the password (the server decides).
  await d.getByRole('button', { name: 'Platform administrator? Sign in with a password' }).click();
  await expect(d.getByLabel('Password')).toBeVisible();
  await d.getByLabel('E-mail').fill(`dana@${domain}`);
  await d.getByLabel('E-mail').fill('someone@lantern.test');
  await expect(d.getByLabel('Password')).toBeVisible();
  await expect(d.getByRole('button', { name: /SSO$/ })).toHaveCount(0);
  // The API refuses the password too, saying what to do.
  const refused = await request.post('/auth/login', { data: { email: `it@${domain}`, password: 'Quiet-Meadow-Fox-88' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toContain(`Continue with ${school} SSO`);
});

test('a foreign or unverified address, and a replayed callback, end on the sign-in page with the reason and no session', async ({ browser, request }) => {
  const { domain, auth } = await college(request, 'Cedar College ');
  await connect(request, auth, domain);

  const person = `eve@${uniq('elsewhere')}.org`;
  idp.setPerson({ email: person });
  const outside = await ssoSignIn(browser, `erin@${domain}`, person);
  await expect(outside.page).toHaveURL(/\/login$/);
  await expect(dialog(outside.page).getByRole('alert')).toHaveText(SSO_FAILURE_TEXT.foreign_domain);
  await outside.context.close();

  idp.setPerson({ email: `finn@${domain}`, email_verified: false });
  const unverified = await ssoSignIn(browser, `finn@${domain}`);
  await expect(dialog(unverified.page).getByRole('alert')).toHaveText(SSO_FAILURE_TEXT.unverified_email);
  expect((await unverified.context.cookies()).some((c) => /session-token$/.test(c.name))).toBe(false);
  await unverified.context.close();

  idp.setPerson({ email: `gus@${domain}` });
  const context = await browser.newContext();
  const page = await context.newPage();
  let callback = '';
  page.on('request', (r) => {
    if (r.url().startsWith(`${APP}/auth/sso/oidc/callback`)) callback = r.url();
  });
  await page.goto('/login');
  await dialog(page).getByLabel('E-mail').fill(`gus@${domain}`);
  await dialog(page).getByRole('button', { name: /^Continue with .* SSO$/ }).click();
  await page.getByLabel('E-mail').fill(`gus@${domain}`);
  await page.getByRole('button', { name: 'Sign in at the provider' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(callback).not.toBe('');
  await context.close();
  // Someone holding the callback address (a shared screen, a proxy log) gets nothing from it.
  const thief = await browser.newContext();
  const stolen = await thief.newPage();
  await stolen.goto(callback);
  await expect(stolen).toHaveURL(/\/login$/);
  await expect(dialog(stolen).getByRole('alert')).toHaveText(SSO_FAILURE_TEXT.replayed);
  expect((await thief.cookies()).some((c) => /session-token$/.test(c.name))).toBe(false);
  await thief.close();
});
