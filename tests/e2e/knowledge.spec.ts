import { expect, test, type APIRequestContext } from '@playwright/test';
import { createUser, dialog, expectAccessible, ownerToken, signIn, uniq } from './helpers';

async function staffWithSchool(request: APIRequestContext) {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token;
  await request.post('/schools/', { data: { name: uniq('Linden College ') }, headers: { authorization: `Bearer ${token}` } });
  return { user, token };
}

test('add, edit and delete an action prompt in the Training Room', async ({ page, request }) => {
  const { user, token } = await staffWithSchool(request);
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/training-room');
  await page.getByRole('tab', { name: 'Action Prompts' }).click();
  await expect(page.getByText('No action prompts yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Action Prompt' }).click();
  const d = dialog(page);
  await d.getByRole('button', { name: 'Save Action Prompt' }).click();
  await expect(d.getByRole('alert')).toContainText('Action name is required');
  await d.getByLabel('Action name').fill('Book a campus tour');
  await d.getByLabel('Target audience').fill('Families visiting this spring');
  await d.getByLabel('Action description').fill('Reserve a guided tour with a current student; tours leave the welcome center every weekday at 10am and 2pm.');
  await d.getByLabel('Action type').selectOption({ label: 'Phone Number' });
  await d.getByLabel('Phone number').fill('0123');
  await d.getByRole('button', { name: 'Save Action Prompt' }).click();
  await expect(d.getByRole('alert')).toHaveText('Please enter a valid phone number');
  await d.getByLabel('Phone number').fill('+1 (503) 555-0123');
  await d.getByLabel('Priority (0 to 100)').fill('80');
  await expectAccessible(page, 'action prompt form');
  await d.getByRole('button', { name: 'Save Action Prompt' }).click();
  await expect(page.getByText('Action prompt added successfully')).toBeVisible();
  const card = page.getByRole('listitem', { name: 'Book a campus tour' });
  await expect(card).toContainText('Phone Number');
  await expect(card).toContainText('Priority 80');
  // Descriptions are cut at 100 characters.
  await expect(card).toContainText('…');

  await card.getByRole('button', { name: 'Edit' }).click();
  await dialog(page).getByLabel('Active').uncheck();
  await dialog(page).getByRole('button', { name: 'Save Action Prompt' }).click();
  await expect(card).toContainText('Inactive');

  const api = await request.get('/action-prompts/', { headers: { authorization: `Bearer ${token}` } });
  expect((await api.json())[0]).toMatchObject({ name: 'Book a campus tour', action_type: 'phone', priority: 80, is_active: false });

  await card.getByRole('button', { name: 'Delete' }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Action prompt deleted successfully')).toBeVisible();
  await expect(page.getByText('No action prompts yet.')).toBeVisible();
});
