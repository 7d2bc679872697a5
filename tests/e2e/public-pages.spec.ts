import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll } from './helpers';

test('home, about and contact read well and pass axe in both themes', async ({ page }) => {
  for (const dark of [false, true]) {
    if (dark) await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Interactive chat assistant')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'For prospective students' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'For families' })).toBeVisible();
    await expect(page.getByTestId('version')).toHaveText(/^v\d+\.\d+\.\d+( \(\w+\))?$/);
    await expect(page.getByText(`© ${new Date().getFullYear()} Lantern`)).toBeVisible();
    await expectAccessible(page, `home${dark ? ' (dark)' : ''}`);

    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/view=about/);
    await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our team' })).toBeVisible();
    await expectAccessible(page, `about${dark ? ' (dark)' : ''}`);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/view=contact/);
    await expect(page.getByText('We typically respond within 24 hours on business days.')).toBeVisible();
    await expectAccessible(page, `contact${dark ? ' (dark)' : ''}`);
  }
});

test('the contact form sends, clears, and reports server and network errors', async ({ page }) => {
  await page.goto('/?view=contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const fill = async () => {
    await form.getByLabel('Name').fill('Pat Parent');
    await form.getByLabel('E-mail').fill('pat@example.com');
    await form.getByLabel('Subject').fill('Visiting');
    await form.getByLabel('Message').fill('Can we visit in March?');
  };
  await fill();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText("Thank you for your message! We'll get back to you soon.");
  await expect(form.getByLabel('Name')).toHaveValue('');

  // A network failure: the request never reaches the server.
  await page.route('**/contact', (route) => route.abort('internetdisconnected'));
  await fill();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toHaveText('Failed to send message. Please check your connection and try again.');
  await page.unroute('**/contact');

  // The server's own refusal: the per-client limit (10 an hour) answers 429 with its detail.
  let status = 200;
  for (let i = 0; i < 12 && status === 200; i++) {
    status = (await page.request.post('/contact', { data: { name: 'x', email: 'x@example.com', subject: 'x', message: 'x' } })).status();
  }
  expect(status).toBe(429);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toHaveText('Too many attempts. Please try again later.');
  await expect(form.getByLabel('Message')).toHaveValue('Can we visit in March?');
});

test('layouts hold at phone and desktop widths', async ({ page }) => {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/?view=about', '/?view=contact', '/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  }
});

test('a signed-out phone header offers About, Contact and Login (issue 14 #17)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/view=contact/);
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/view=about/);
});

test('the public pages have a social card', async ({ page, request }) => {
  await page.goto('/');
  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(og).toBeTruthy();
  const res = await request.get(new URL(og!).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  expect((await res.body()).length).toBeGreaterThan(5000);
});
