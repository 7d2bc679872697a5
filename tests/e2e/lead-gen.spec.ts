import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createUser, expectAccessible, ownerToken, signIn, uniq } from './helpers';

// The Lead Gen tab of Chatbot Management.

const DEFAULT_ORDER = ['first_name', 'last_name', 'email', 'phone', 'graduation_year', 'intended_major'];

/** A school with a key; unless `fresh`, with the six-field conversational settings these tests reorder. */
async function staffWithKey(request: APIRequestContext, fresh = false) {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Linden College ') }, headers: auth })).status()).toBe(201);
  // The tab exists only once the school has an API key.
  expect((await request.post('/chatbot/generate-api-key', { headers: auth })).status()).toBeLessThan(300);
  if (!fresh) expect((await request.put('/lead-gen/settings', { data: { enabled: false, collection_mode: 'conversational', field_order: DEFAULT_ORDER, field_settings: { first_name: 'ask_twice', last_name: 'ask_once', email: 'ask_twice', phone: 'ask_once', graduation_year: 'natural', intended_major: 'natural' } }, headers: auth })).status()).toBe(200);
  return { user, auth };
}

test('a new school collects leads from the start with the short quick info card', async ({ page, request }) => {
  const { user } = await staffWithKey(request, true);
  await signIn(page, user.email, user.password);
  await openLeadGen(page);
  await expect(page.getByRole('switch', { name: 'Enable lead collection' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: /Quick Info Card/ })).toBeChecked();
  expect(await order(page)).toEqual(['first_name', 'email', 'phone', 'graduation_year']);
  await expect(page.getByLabel('Requirements expression')).toHaveValue('first_name AND (email OR phone)');
});

async function openLeadGen(page: Page) {
  await page.goto('/dashboard/chatbot');
  await page.getByRole('tab', { name: 'Lead Gen' }).click();
  await expect(page.getByRole('heading', { name: 'Lead Generation Setup' })).toBeVisible();
  await expect(page.getByTestId('lead-field').first()).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('lead-field');
const order = async (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
const saved = async (request: APIRequestContext, auth: Record<string, string>) => (await request.get('/lead-gen/settings', { headers: auth })).json();
/** dnd-kit's own live region (hidden, announced to screen readers). */
const announced = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/**
 * Space on a handle, then wait until dnd-kit's keyboard sensor listens: it adds its key listener
 * in a setTimeout after pick-up, and Chromium runs queued key events before timers, so keys pressed
 * at once on a busy machine would be lost. A timer queued now runs after the sensor's.
 */
async function pickUp(page: Page, announcement: string) {
  await page.keyboard.press('Space');
  await expect(announced(page, announcement)).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** A real pointer drag, in steps: dnd-kit starts a drag only after the pointer has moved. */
async function drag(page: Page, handle: Locator, onto: Locator) {
  // page.mouse works in viewport coordinates: both ends must be on screen.
  await onto.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await onto.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('reorder the fields by mouse drag, by the keyboard sensor and by the Move buttons; save; the order is kept', async ({ page, request }) => {
  const { user, auth } = await staffWithKey(request);
  await signIn(page, user.email, user.password);
  await openLeadGen(page);
  expect(await order(page)).toEqual(DEFAULT_ORDER);
  // The way to reorder is written on the screen, and tied to the list.
  await expect(page.getByRole('list', { name: 'Fields to collect, in order' })).toHaveAccessibleDescription(/press Space to pick the field up/);
  await expectAccessible(page, 'Lead Gen tab');

  // Mouse: Email dragged onto First Name's place.
  await drag(page, page.getByRole('button', { name: 'Reorder Email' }), page.getByRole('button', { name: 'Reorder First Name' }));
  await expect.poll(() => order(page)).toEqual(['email', 'first_name', 'last_name', 'phone', 'graduation_year', 'intended_major']);

  // Keyboard sensor: Space picks Graduation Year up, two arrows up, Space drops it; each step is announced.
  const handle = page.getByRole('button', { name: 'Reorder Graduation Year' });
  await handle.focus();
  await pickUp(page, 'Picked up Graduation Year, at position 5 of 6.');
  await page.keyboard.press('ArrowUp');
  await expect(announced(page, 'Graduation Year is over position 4 of 6.')).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  await expect(announced(page, 'Graduation Year is over position 3 of 6.')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect.poll(() => order(page)).toEqual(['email', 'first_name', 'graduation_year', 'last_name', 'phone', 'intended_major']);
  await expect(handle).toBeFocused();

  // Escape puts a picked-up field back.
  await pickUp(page, 'Picked up Graduation Year, at position 3 of 6.');
  await page.keyboard.press('ArrowDown');
  await expect(announced(page, 'Graduation Year is over position 4 of 6.')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(announced(page, 'Moving cancelled.')).toHaveCount(1);
  expect(await order(page)).toEqual(['email', 'first_name', 'graduation_year', 'last_name', 'phone', 'intended_major']);

  // The Move buttons, by keyboard: the button keeps focus and the move is announced.
  const up = page.getByRole('button', { name: 'Move Intended Major up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(up).toBeFocused();
  await expect(page.getByText('Intended Major moved to position 5 of 6.')).toBeAttached();
  // At the top, Move up does nothing but stays reachable.
  const top = page.getByRole('button', { name: 'Move Email up' });
  await expect(top).toHaveAttribute('aria-disabled', 'true');
  await top.focus();
  await page.keyboard.press('Enter');
  await expect(top).toBeFocused();
  expect(await order(page)).toEqual(['email', 'first_name', 'graduation_year', 'last_name', 'intended_major', 'phone']);

  await page.getByRole('button', { name: 'Save Settings' }).click();
  const ok = page.getByText('Settings saved successfully');
  await expect(ok).toBeVisible();
  expect((await saved(request, auth)).field_order).toEqual(['email', 'first_name', 'graduation_year', 'last_name', 'intended_major', 'phone']);
  // The success message clears after 3 s.
  await expect(ok).toBeHidden({ timeout: 6000 });

  await page.reload();
  await openLeadGen(page);
  expect(await order(page)).toEqual(['email', 'first_name', 'graduation_year', 'last_name', 'intended_major', 'phone']);
});

test('minimum requirements: each template fills the expression; Custom is checked as it is typed and blocks Save while wrong', async ({ page, request }) => {
  const { user, auth } = await staffWithKey(request);
  await signIn(page, user.email, user.password);
  await openLeadGen(page);
  const template = page.getByLabel('Template');
  const expr = page.getByLabel('Requirements expression');
  const save = page.getByRole('button', { name: 'Save Settings' });
  await expect(template).toHaveValue('Name + Any Contact');
  await expect(expr).toHaveValue('first_name AND (email OR phone)');

  const templates: [string, string, string][] = [
    ['Name + Any Contact', 'first_name AND (email OR phone)', 'First Name and (Email or Phone)'],
    ['Name + Email', 'first_name AND email', 'First Name and Email'],
    ['Name + Phone', 'first_name AND phone', 'First Name and Phone'],
    ['Full Name + Any Contact', 'first_name AND last_name AND (email OR phone)', 'First Name and Last Name and (Email or Phone)'],
    ['Email Only', 'email', 'Email'],
  ];
  for (const [label, expression, reads] of templates) {
    await template.selectOption({ label });
    await expect(expr).toHaveValue(expression);
    await expect(expr).not.toBeEditable();
    await expect(page.getByText(`Reads as: ${reads}`, { exact: true })).toBeVisible();
  }

  await template.selectOption({ label: 'Custom' });
  await expect(expr).toBeEditable();
  // Still the last template's expression, now open to editing.
  await expect(expr).toHaveValue('email');
  await expr.fill('first_name AND (email OR phone');
  await expect(page.getByTestId('expression-error')).toHaveText('Missing closing parenthesis');
  await expect(expr).toHaveAttribute('aria-invalid', 'true');
  await expect(expr).toHaveAccessibleDescription(/Missing closing parenthesis/);
  await expect(save).toBeDisabled();
  await expectAccessible(page, 'Lead Gen tab, invalid expression');

  await expr.fill('first_name AND shoe_size');
  await expect(page.getByTestId('expression-error')).toHaveText('Unknown field "shoe_size"');
  await expect(save).toBeDisabled();

  await expr.fill('(last_name OR preferred_name) AND email');
  await expect(page.getByTestId('expression-error')).toHaveCount(0);
  await expect(page.getByText('Reads as: (Last Name or Preferred Name) and Email')).toBeVisible();
  // Preferred Name is needed by the expression but not in the list: a warning, not a refusal.
  await expect(page.getByText('Preferred Name is required but never asked for')).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  expect((await saved(request, auth)).minimum_requirements).toBe('(last_name OR preferred_name) AND email');

  // Picking a template again after Custom replaces the expression.
  await template.selectOption({ label: 'Name + Phone' });
  await expect(expr).toHaveValue('first_name AND phone');
  await save.click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  expect((await saved(request, auth)).minimum_requirements).toBe('first_name AND phone');
  await page.reload();
  await openLeadGen(page);
  await expect(page.getByLabel('Template')).toHaveValue('Name + Phone');
});

test('remove and add fields: removing sets never, adding sets ask once; ask levels, mode, switch and instructions are saved', async ({ page, request }) => {
  const { user, auth } = await staffWithKey(request);
  await signIn(page, user.email, user.password);
  await openLeadGen(page);

  const enable = page.getByRole('switch', { name: 'Enable lead collection' });
  await expect(enable).toHaveAttribute('aria-checked', 'false');
  await enable.click();
  await expect(enable).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: /Quick Info Card/ }).check();

  await page.getByRole('button', { name: 'Remove Phone' }).click();
  await expect(page.locator('[data-field="phone"]')).toHaveCount(0);
  const addField = page.getByLabel('Add a field');
  await expect(addField).toBeFocused();

  await page.getByLabel('Ask level for Email').selectOption({ label: 'Critical: ask until given' });
  await page.getByLabel('Ask level for Last Name').selectOption({ label: 'Natural: only if it comes up' });

  // Labels, not keys, in the add list; a new field is asked once.
  await expect(addField.locator('option', { hasText: 'GPA' })).toHaveCount(1);
  await addField.selectOption({ label: 'Phone' });
  await page.getByRole('button', { name: 'Add Field' }).click();
  await addField.selectOption({ label: 'GPA' });
  await page.getByRole('button', { name: 'Add Field' }).click();
  expect((await order(page)).slice(-2)).toEqual(['phone', 'gpa']);
  await expect(page.getByLabel('Ask level for Phone')).toHaveValue('ask_once');
  await expect(page.getByLabel('Ask level for GPA')).toHaveValue('ask_once');
  await page.getByRole('button', { name: 'Remove GPA' }).click();

  await page.getByLabel('Collection instructions').fill('Ask for the name first, kindly.');
  await page.getByLabel('Quick Info Card instructions').fill('Leave your details and we will write.');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  const body = await saved(request, auth);
  expect(body).toMatchObject({
    enabled: true,
    collection_mode: 'smart_card',
    field_order: ['first_name', 'last_name', 'email', 'graduation_year', 'intended_major', 'phone'],
    collection_instructions: 'Ask for the name first, kindly.',
    smart_card_instructions: 'Leave your details and we will write.',
  });
  expect(body.field_settings).toMatchObject({ email: 'critical', last_name: 'natural', phone: 'ask_once', gpa: 'never', first_name: 'ask_twice' });
  await expectAccessible(page, 'Lead Gen tab after saving');

  // Discard Changes puts back what was saved.
  await page.getByRole('button', { name: 'Remove Email' }).click();
  await page.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(page.locator('[data-field="email"]')).toHaveCount(1);
});
