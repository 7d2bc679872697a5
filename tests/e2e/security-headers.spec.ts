import { expect, test, type Page } from '@playwright/test';
import { PNG_1x1 } from '../fixtures/images';
import { apiToken, createSchoolAs, createUser, ownerToken, signIn, uniq } from './helpers';
import { HOST_PAGE_PORT } from './ports';

// Items 3 and 6: pages carry a CSP that Next's own scripts satisfy, nothing may frame a
// staff page, uploads are served sandboxed, and a path that does not decode answers 400 in JSON.

const STAFF_PAGES = ['/dashboard', '/dashboard/school', '/dashboard/training-room', '/dashboard/ai-customization', '/dashboard/chatbot', '/dashboard/scheduler', '/dashboard/users'];

/** Collects every CSP violation the page reports. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

test('public and staff pages send the security headers', async ({ request }) => {
  for (const path of ['/', '/login', '/docs/api']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const h = res.headers();
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['strict-transport-security'], path).toBeUndefined();
  }
  // X-Forwarded-Proto from a caller that is not a trusted proxy (TRUSTED_PROXIES) is not believed:
  // no HSTS (the trusted case: tests/unit/page-headers.test.ts, through the real front server).
  const forged = await request.get('/login', { headers: { 'x-forwarded-proto': 'https' } });
  expect(forged.headers()['strict-transport-security']).toBeUndefined();
  // The reset link's page sends no Referer and is not cached.
  const reset = await request.get('/?token=not-a-real-token');
  expect(reset.headers()['referrer-policy']).toBe('no-referrer');
  expect(reset.headers()['cache-control']).toContain('no-store');
  // API answers and static files are nosniff too.
  for (const path of ['/health', '/openapi.json', '/favicon.svg']) {
    const res = await request.get(path);
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
  }
  // A signed-out staff page redirects, with the headers too.
  const gated = await request.get('/dashboard/school', { maxRedirects: 0 });
  expect(gated.status()).toBe(307);
  expect(gated.headers()['x-frame-options']).toBe('DENY');
});

test('every staff page runs under the CSP without a violation', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  await createSchoolAs(request, user.email, user.password, uniq('CSP College '));
  const violations = watchViolations(page);
  await signIn(page, user.email, user.password);
  // The session cookie is out of scripts' reach and not sent on cross-site posts.
  const session = (await page.context().cookies()).find((c) => c.name.endsWith('next-auth.session-token'));
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  for (const path of STAFF_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  }
  // Hydrated: client code runs (the settings menu opens).
  // A click that lands before hydration does nothing, so click again until the menu opens.
  await expect(async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('another site cannot frame the sign-in page', async ({ page, baseURL }) => {
  const host = `http://localhost:${HOST_PAGE_PORT}`;
  await page.route(`${host}/**`, (route) => route.fulfill({ contentType: 'text/html', body: `<iframe id="f" src="${baseURL}/login"></iframe>` }));
  await page.goto(`${host}/framing.html`);
  const frame = await (await page.locator('#f').elementHandle())!.contentFrame();
  // Chromium replaces a refused frame with its error page; an allowed one would show the sign-in page.
  await expect.poll(() => frame!.url()).toMatch(/^chrome-error:/);
  await expect(frame!.getByText('Welcome Back')).toHaveCount(0);
});

test('uploads are served sandboxed, and a malformed %-escape answers 400 in JSON', async ({ request }) => {
  const user = await createUser(request, await ownerToken(request));
  await createSchoolAs(request, user.email, user.password, uniq('Upload College '));
  const token = await apiToken(request, user.email, user.password);
  const up = await request.post('/schools/my-school/upload-logo', { headers: { authorization: `Bearer ${token}` }, multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1x1 } } });
  expect(up.status(), await up.text()).toBe(200);
  const logo = await request.get((await up.json()).logo_url);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-security-policy']).toContain('sandbox');
  expect(logo.headers()['content-security-policy']).toContain("default-src 'none'");

  for (const path of ['/web-links/%ff%fe', '/files/%ff', '/action-prompts/%e0%a4%a', '/dashboard/%ff']) {
    const res = await request.get(path, { headers: { authorization: `Bearer ${token}` }, maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
    expect(await res.json(), path).toEqual({ detail: 'The address contains a malformed %-escape' });
  }
});
