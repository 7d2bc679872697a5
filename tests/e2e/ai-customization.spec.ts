import { expect, test } from '@playwright/test';
import { PNG_1x1 } from '../fixtures/images';
import { createUser, dialog, expectAccessible, ownerToken, signIn, uniq } from './helpers';

test('edit persona, voice and personality, see them after reload, and manage special instructions', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token;
  await request.post('/schools/', { data: { name: uniq('Poplar College ') }, headers: { authorization: `Bearer ${token}` } });
  await signIn(page, user.email, user.password);
  await page.getByTestId('card-ai-customization').getByRole('link').click();
  await expect(page.getByText('Persona settings are not set up yet; the defaults below apply until you save your own.')).toBeVisible();
  await expectAccessible(page, 'ai customization');

  // Persona with an avatar.
  await page.getByRole('tabpanel').getByRole('button', { name: 'Edit' }).click();
  const persona = page.getByRole('form', { name: 'Persona' });
  await persona.getByLabel('Avatar image').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await persona.getByLabel('Assistant name').fill('Poppy');
  await persona.getByLabel('Role description').fill('Friendly admissions guide for Poplar College.');
  await expect(persona.getByText('45/500')).toBeVisible();
  await persona.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Persona settings saved successfully')).toBeVisible();

  // Voice: the catalogue without a key, and the preview explains what it needs.
  await page.getByRole('tab', { name: 'Voice' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Edit' }).click();
  const voice = page.getByRole('form', { name: 'Voice' });
  await voice.getByLabel('Voice', { exact: true }).selectOption('TxGEqnHWrfWFTfGW9XjX');
  await voice.getByRole('button', { name: 'Generate Preview' }).click();
  await expect(voice.getByText('Voice previews are not set up on this server; ask your administrator')).toBeVisible();
  await voice.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Voice settings saved successfully')).toBeVisible();

  // Personality.
  await page.getByRole('tab', { name: 'Personality' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Edit' }).click();
  const personality = page.getByRole('form', { name: 'Personality' });
  await personality.getByLabel('Tone').selectOption('supportive');
  await personality.getByRole('button', { name: 'Warm' }).click();
  await personality.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Personality settings saved successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('tabpanel')).toContainText('Poppy');
  await expect(page.getByAltText('Assistant avatar')).toBeVisible();
  await page.getByRole('tab', { name: 'Voice' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Josh');
  await page.getByRole('tab', { name: 'Personality' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Supportive');
  await expect(page.getByRole('tabpanel')).toContainText('Warm');

  // Special instructions: add, edit, delete.
  await page.getByRole('tab', { name: 'Special Instructions' }).click();
  const add = page.getByRole('form', { name: 'Add special instruction' });
  await add.getByRole('button', { name: 'Add Instruction' }).click();
  await expect(add.getByRole('alert')).toContainText('Title is required');
  await expect(add.getByRole('alert')).toContainText('Instruction text is required');
  await add.getByLabel('Title').fill('No promises');
  await add.getByLabel('Instruction text').fill('Never promise that an applicant will be admitted.');
  await add.getByLabel('Type').selectOption({ label: 'Never do' });
  await add.getByLabel('Priority (0 to 100)').fill('abc');
  await add.getByRole('button', { name: 'Add Instruction' }).click();
  const item = page.getByRole('listitem', { name: 'No promises' });
  await expect(item).toContainText('Priority 0');
  await expect(add.getByLabel('Title')).toHaveValue('');
  await item.getByRole('button', { name: 'Edit' }).click();
  await dialog(page).getByLabel('Priority (0 to 100)').fill('70');
  await dialog(page).getByRole('button', { name: 'Save Instruction' }).click();
  await expect(item).toContainText('Priority 70');
  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page)).toContainText('This action cannot be undone.');
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No special instructions yet.')).toBeVisible();

  const all = await (await request.get('/ai-settings/all-instructions', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(all.system_prompt).toContain('You are Poppy');
});

test('persona: a fixed avatar error leaves only the success, and a save after the session ended asks to sign in again (issue 14)', async ({ page, request, context }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token;
  await request.post('/schools/', { data: { name: uniq('Linden College ') }, headers: { authorization: `Bearer ${token}` } });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/ai-customization');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Edit' }).click();
  const persona = page.getByRole('form', { name: 'Persona' });
  const panel = page.getByRole('tabpanel');
  await persona.getByLabel('Avatar image').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(panel.getByRole('alert')).toBeVisible();
  await persona.getByLabel('Avatar image').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await persona.getByLabel('Assistant name').fill('Linnie');
  await persona.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Persona settings saved successfully' })).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // The session ends while the form is open: Save leads to the sign-in prompt, not 'Failed to save persona settings'.
  await panel.getByRole('button', { name: 'Edit' }).click();
  await context.clearCookies();
  await page.getByRole('form', { name: 'Persona' }).getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog(page).getByText('Your session has expired. Please log in again.')).toBeVisible();
});

test("the school's own vocabulary: add word groups, see a clear error for a group of one, and the built-in list (issue 15)", async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token;
  await request.post('/schools/', { data: { name: uniq('Willow College ') }, headers: { authorization: `Bearer ${token}` } });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/ai-customization');
  await page.getByRole('tab', { name: 'Vocabulary' }).click();
  await expect(page.getByText('No word groups of your own yet: the built-in admissions vocabulary applies.')).toBeVisible();
  await expectAccessible(page, 'vocabulary');

  await page.getByRole('tabpanel').getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Vocabulary' });
  await form.getByLabel("Your school's word groups").fill('the Commons, dining hall\nWillow Express');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A group needs at least two words or phrases that mean the same thing')).toBeVisible();
  // Nothing was saved, and the text typed is still there to fix.
  await expect(form.getByLabel("Your school's word groups")).toHaveValue('the Commons, dining hall\nWillow Express');
  await form.getByLabel("Your school's word groups").fill('the Commons, dining hall\nWillow Express, campus shuttle');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Vocabulary saved: the assistant uses it from the next message')).toBeVisible();
  const list = page.getByRole('list', { name: "Your school's word groups" });
  await expect(list.getByRole('listitem')).toHaveText(['the commons · dining hall', 'willow express · campus shuttle']);
  const saved = await (await request.get('/ai-settings/vocabulary', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(saved.groups).toEqual([['the commons', 'dining hall'], ['willow express', 'campus shuttle']]);

  await page.getByText(/^Built-in admissions vocabulary/).click();
  await expect(page.getByText('dorm · dorms · dormitory', { exact: false }).first()).toBeVisible();
});
