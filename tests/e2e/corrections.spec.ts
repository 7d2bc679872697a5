import { expect, test } from '@playwright/test';
import { createUser, dialog, expectAccessible, ownerToken, signIn, uniq } from './helpers';

// Staff write the answer the assistant should give; the test chat answers with it at
// once, for the question and a paraphrase, and stops when the correction is deleted.

const TUITION = 'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students.';
const CORRECTED = 'Tuition for 2026–27 is $23,900 a year after the Harbor Grant; ask us about the monthly payment plan.';

test('add, edit and delete a correction in the Training Room; the test chat answers with it', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Harbor College ') }, headers: auth })).status()).toBe(201);
  await request.patch('/schools/my-school/tuition', { data: { tuition_info: TUITION }, headers: auth });
  expect((await request.post('/chatbot/generate-api-key', { headers: auth })).ok()).toBe(true);

  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/training-room');
  await page.getByRole('tab', { name: 'Corrections' }).click();
  await expect(page.getByText('No corrections yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Correction' }).click();
  const d = dialog(page);
  await d.getByRole('button', { name: 'Save Correction' }).click();
  await expect(d.getByRole('alert')).toContainText('Question is required');
  await expect(d.getByRole('alert')).toContainText('Answer is required');
  await d.getByLabel("Visitor's question").fill('How much is tuition?');
  await d.getByLabel('Correct answer').fill(CORRECTED);
  await expectAccessible(page, 'correction dialog');
  await d.getByRole('button', { name: 'Save Correction' }).click();
  await expect(page.getByText('Correction added successfully')).toBeVisible();
  const card = page.getByRole('listitem', { name: 'How much is tuition?' });
  await expect(card).toContainText('$23,900');

  // The test chat (Chatbot Management → Test Your Chatbot) answers the question and a paraphrase with it.
  const chat = async (question: string) => {
    await page.goto('/dashboard/chatbot');
    await page.getByRole('button', { name: 'Test Your Chatbot' }).click();
    // The chat is ready once its greeting is in.
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('How can I help you today?');
    const input = page.getByLabel('Type your message');
    await input.fill(question);
    await input.press('Enter');
    return page.getByTestId('ai-message').last();
  };
  await expect(await chat('How much is tuition?')).toHaveText(CORRECTED);
  await expect(await chat('What does tuition cost?')).toHaveText(CORRECTED);

  // An edit is used at once.
  await page.goto('/dashboard/training-room');
  await page.getByRole('tab', { name: 'Corrections' }).click();
  await page.getByRole('listitem', { name: 'How much is tuition?' }).getByRole('button', { name: 'Edit' }).click();
  await expect(dialog(page).getByLabel('Correct answer')).toHaveValue(CORRECTED);
  await dialog(page).getByLabel('Correct answer').fill('Tuition is $23,500 a year.');
  await dialog(page).getByRole('button', { name: 'Save Correction' }).click();
  await expect(page.getByText('Correction updated successfully')).toBeVisible();
  await expect(await chat('How much is tuition?')).toHaveText('Tuition is $23,500 a year.');

  // Deleted, it is no longer given.
  await page.goto('/dashboard/training-room');
  await page.getByRole('tab', { name: 'Corrections' }).click();
  await page.getByRole('listitem', { name: 'How much is tuition?' }).getByRole('button', { name: 'Delete' }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Correction deleted successfully')).toBeVisible();
  await expect(page.getByText('No corrections yet.')).toBeVisible();
  expect(await (await request.get('/corrections/', { headers: auth })).json()).toEqual([]);
  const answer = await chat('How much is tuition?');
  await expect(answer).toContainText('$24,500 per year');
  await expect(answer).not.toContainText('$23,');
});
