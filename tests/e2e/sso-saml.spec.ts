import { expect, test, type Browser } from '@playwright/test';
import { SSO_FAILURE_TEXT } from '../../lib/sso/errors';
import { startSamlIdp, type SamlTestIdp } from '../support/saml-idp';
import { dialog, expectAccessible, signIn, ssoCollege } from './helpers';
import { E2E_PORT, SAML_IDP_PORT } from './ports';

// SAML 2.0 single sign-on in the browser, against a real identity provider (samlify) on a local
// port that answers the AuthnRequest with an auto-posting form, as Shibboleth does: the admin
// connects it by its metadata address and tests it; a counselor signs in twice as one account; an
// expired assertion and a signature-wrapped response end on the sign-in page with no session.

const APP = `http://127.0.0.1:${E2E_PORT}`;
let idp: SamlTestIdp;

test.beforeAll(async () => {
  idp = await startSamlIdp({ port: SAML_IDP_PORT });
});
test.afterAll(async () => idp.close());
test.beforeEach(() => idp.set({ expired: false, wrapAs: undefined }));

/** A new browser signing in from the dialog; the IdP signs in whoever it was told to. */
async function ssoSignIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await dialog(page).getByLabel('E-mail').fill(email);
  await dialog(page).getByRole('button', { name: /^Continue with .* SSO$/ }).click();
  return { context, page, signedIn: async () => (await context.cookies()).some((c) => /session-token$/.test(c.name)) };
}

test('an IT administrator connects a SAML identity provider by its metadata and tests it; a counselor signs in with it twice as one account', async ({ page, browser, request }) => {
  const { domain, admin, auth, school } = await ssoCollege(request, 'Shibboleth University ');
  await signIn(page, admin.email, admin.password);
  await page.goto('/dashboard/sso');
  await page.getByLabel('SAML 2.0').check();
  await expect(page.getByText(`${APP}/auth/sso/saml/acs/`)).toBeVisible();
  const metadataLink = page.getByRole('link', { name: 'Open the metadata' });
  const spMetadata = await request.get((await metadataLink.getAttribute('href'))!);
  expect(spMetadata.status()).toBe(200);
  expect(await spMetadata.text()).toContain(`${APP}/auth/sso/saml/acs/`);
  await page.getByLabel('Identity provider metadata URL').fill(idp.metadataUrl);
  await page.getByLabel('E-mail domains').fill(domain);
  await page.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(page.getByTestId('sso-status')).toHaveText('Connected by SAML 2.0: on.');
  await expect(page.getByText(`Connected to ${idp.entityId}`)).toBeVisible();
  await expectAccessible(page, 'single sign-on screen, SAML');

  idp.setUser({ email: admin.email, first_name: 'Ira', last_name: 'Stone' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Test sign-in' }).click()]);
  await expect(popup.getByText('The identity provider signed you in. This address can sign in.')).toBeVisible();
  await expect(popup.getByTestId('claim-e-mail')).toHaveText(admin.email);
  await expect(popup.getByTestId('claim-last-name')).toHaveText('Stone');

  idp.setUser({ email: `rosa@${domain}`, first_name: 'Rosa', last_name: 'Diaz' });
  const first = await ssoSignIn(browser, `rosa@${domain}`);
  await expect(first.page).toHaveURL(/\/dashboard$/);
  await expect(first.page.getByText('Welcome, Rosa!')).toBeVisible();
  await first.context.close();
  idp.setUser({ email: `rosa@${domain}`, first_name: 'Rosalind', last_name: 'Diaz' });
  const second = await ssoSignIn(browser, `rosa@${domain}`);
  await expect(second.page.getByText('Welcome, Rosalind!')).toBeVisible();
  await second.context.close();
  const users = ((await (await request.get('/auth/users', { headers: auth })).json()) as { data: { email: string }[] }).data;
  expect(users.filter((u) => u.email === `rosa@${domain}`)).toHaveLength(1);
  expect(school).toBeTruthy();
});

test('an expired assertion and a signature-wrapped response end on the sign-in page, with no session and no account', async ({ browser, request }) => {
  const { domain, auth } = await ssoCollege(request, 'Wrapped College ');
  expect((await request.put('/schools/my-school/sso', { headers: auth, data: { protocol: 'saml', idp_metadata_url: idp.metadataUrl, email_domains: [domain] } })).status()).toBe(200);

  idp.setUser({ email: `sam@${domain}` });
  idp.set({ expired: true });
  const expired = await ssoSignIn(browser, `sam@${domain}`);
  await expect(expired.page).toHaveURL(/\/login$/);
  await expect(dialog(expired.page).getByRole('alert')).toHaveText(SSO_FAILURE_TEXT.expired);
  expect(await expired.signedIn()).toBe(false);
  await expired.context.close();

  // The signed assertion is Sam's; the attacker's unsigned copy names Mallory.
  idp.set({ expired: false, wrapAs: `mallory@${domain}` });
  const wrapped = await ssoSignIn(browser, `sam@${domain}`);
  await expect(wrapped.page).toHaveURL(/\/login$/);
  await expect(dialog(wrapped.page).getByRole('alert')).toHaveText(SSO_FAILURE_TEXT.signature);
  expect(await wrapped.signedIn()).toBe(false);
  await wrapped.context.close();
  const users = ((await (await request.get('/auth/users', { headers: auth })).json()) as { data: { email: string }[] }).data;
  expect(users.map((u) => u.email)).not.toContain(`mallory@${domain}`);
  expect(users.map((u) => u.email)).not.toContain(`sam@${domain}`);
});
