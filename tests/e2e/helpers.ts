import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** The platform superuser created through the UI by first-run.setup.ts. */
export const OWNER = { email: 'owner@lantern.test', password: 'Lantern-Harbor-2026', username: 'owner', first_name: 'Olive', last_name: 'Owens' };
export const PASSWORD = 'Quiet-Meadow-Fox-88';

let counter = 0;
/** Names unique within this run (the e2e database is shared by every test of the run). */
export function uniq(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function apiToken(request: APIRequestContext, email: string, password: string, selected?: number): Promise<string> {
  const res = selected
    ? await request.post('/auth/login-selected', { data: { email, password, selected_user_id: selected } })
    : await request.post('/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token;
}

export async function ownerToken(request: APIRequestContext): Promise<string> {
  return apiToken(request, OWNER.email, OWNER.password);
}

export type NewUser = { email: string; username: string; password: string; first_name: string; last_name: string; role?: string; school_id?: number | null };

export async function createUser(request: APIRequestContext, token: string, over: Partial<NewUser> = {}): Promise<NewUser & { id: number }> {
  const name = uniq('u');
  const body: NewUser = { email: `${name}@lantern.test`, username: name, password: PASSWORD, first_name: 'Casey', last_name: 'Tester', ...over };
  const res = await request.post('/auth/users', { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return { ...body, id: (await res.json()).id };
}

/**
 * A school with live chat on at any hour (no office hours, so a test runs whenever it runs), its
 * website set to the host page a widget test embeds it on, and its first admin: the staff member,
 * their API headers and the widget key.
 */
export async function liveSchool(request: APIRequestContext, o: { name: string; website: string; staff: Partial<NewUser>; tuition?: string; waitMinutes?: number }) {
  const user = await createUser(request, await ownerToken(request), { role: 'admin', ...o.staff });
  const auth = { authorization: `Bearer ${await apiToken(request, user.email, user.password)}` };
  expect((await request.post('/schools/', { data: { name: uniq(o.name), website_url: o.website }, headers: auth })).status()).toBe(201);
  if (o.tuition) await request.patch('/schools/my-school/tuition', { data: { tuition_info: o.tuition }, headers: auth });
  expect((await request.put('/live/settings', { data: { enabled: true, office_hours: [], wait_minutes: o.waitMinutes ?? 3 }, headers: auth })).status()).toBe(200);
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  return { key, user, auth };
}

/** Signs the account in over the API and creates its school; answers the school id. */
export async function createSchoolAs(request: APIRequestContext, email: string, password: string, name: string): Promise<number> {
  const token = await apiToken(request, email, password);
  const res = await request.post('/schools/', { data: { name }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

export function dialog(page: Page) {
  return page.getByRole('dialog');
}

/**
 * Signs in through the dialog whatever the account's situation: a superuser passes school access
 * (granting nothing) and then picks `school` (or 'No School Assigned') from the list.
 */
export async function signInChoosing(page: Page, email: string, password: string, school: string | null) {
  await page.goto('/login');
  const d = dialog(page);
  await d.getByLabel('E-mail').fill(email);
  await d.getByLabel('Password').fill(password);
  await d.getByRole('button', { name: 'Sign In' }).click();
  const access = d.getByRole('heading', { name: 'School Access' });
  await expect(access.or(page.getByTestId('current-school'))).toBeVisible();
  if (await access.isVisible()) {
    await d.getByRole('button', { name: 'Continue' }).click();
    await d.getByRole('radio', { name: school ? new RegExp(school) : /No School Assigned/ }).check();
    await d.getByRole('button', { name: 'Login to Selected School' }).click();
  }
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens /login and signs in through the dialog with one account. */
/**
 * Signs in over HTTP, as the dialog's next-auth call does (credentials callback with its CSRF
 * token), so the session cookie lands in the page's browser context; then opens the dashboard.
 * The sign-in dialog has its own tests (sign-in.spec.ts, with signInWithDialog).
 */
export async function signIn(page: Page, email: string, password: string) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await page.request.post('/api/auth/callback/credentials', { form: { csrfToken, email, password, selected_user_id: '', json: 'true' }, maxRedirects: 0 });
  expect(res.status(), await res.text()).toBeLessThan(400);
  expect((await page.context().cookies()).some((c) => /session-token$/.test(c.name)), 'a session cookie').toBe(true);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the dialog, for the sign-in UI's own tests. */
export async function signInWithDialog(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(dialog(page).getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await dialog(page).getByLabel('E-mail').fill(email);
  await dialog(page).getByLabel('Password').fill(password);
  await dialog(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** axe-core on the current page: no serious or critical violations. */
/** `exclude`: selectors of parts that show a school's own choices (the widget preview in its chosen colours), not Lantern's UI. */
export async function expectAccessible(page: Page, label: string, exclude: string[] = []) {
  // Next streams the metadata of dynamic pages: wait for the title before judging the page.
  await expect(page).toHaveTitle(/\S/);
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of exclude) axe = axe.exclude(selector);
  const results = await axe.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Nothing on the page reaches past the window's right edge, and the page does not scroll sideways. */
export async function expectNoSidewaysOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('bdi, [role="dialog"], main, table, button')]
      // A table inside a box that scrolls sideways is reachable; only what sticks out of the window counts.
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.overflow-x-auto'))
      .map((el) => `${el.tagName}${el.textContent ? ` "${el.textContent.trim().slice(0, 30)}"` : ''}`);
    return { scroll: document.documentElement.scrollWidth - width, wide };
  });
  expect(overflow, where).toEqual({ scroll: 0, wide: [] });
}

/**
 * Widget calls as a visitor's frame makes them: each session's visitor token (X-Visitor-Token of its
 * first answer) is kept and sent back with every later call on that session.
 */
export function widgetVisitor(request: APIRequestContext, key: string) {
  const tokens = new Map<string, string>();
  return async (path: string, data: { session_id?: string } & Record<string, unknown>) => {
    const token = data.session_id ? tokens.get(data.session_id) : undefined;
    const res = await request.post(path, { data, headers: { 'x-api-key': key, ...(token ? { 'x-visitor-token': token } : {}) } });
    const renewed = res.headers()['x-visitor-token'];
    if (renewed && data.session_id) tokens.set(data.session_id, renewed);
    return res;
  };
}

/** A school of its own domain (its website, so single sign-on may claim it), its admin, and the admin's API headers. */
export async function ssoCollege(request: APIRequestContext, name: string) {
  const domain = `${uniq('college')}.edu`;
  const admin = await createUser(request, await ownerToken(request), { role: 'admin', email: `it@${domain}` });
  const auth = { authorization: `Bearer ${await apiToken(request, admin.email, admin.password)}` };
  const school = uniq(name);
  expect((await request.post('/schools/', { data: { name: school, website_url: `https://www.${domain}` }, headers: auth })).status()).toBe(201);
  return { domain, admin, auth, school };
}

/**
 * Picks an item of the header's Settings menu. A click that lands before the page hydrates opens
 * nothing, so the menu is opened again until the item shows (never toggled shut once open).
 */
export async function chooseSetting(page: Page, item: string) {
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await page.getByRole('button', { name: 'Settings' }).click();
    await expect(entry).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await entry.click();
}
