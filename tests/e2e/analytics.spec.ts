import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, ownerToken, signIn, uniq, widgetVisitor } from './helpers';

// Items 3 and 4: the Analytics tab of Chatbot Management, from conversations that came in
// through the real widget API: cards, funnel and charts; Generate Daily Stats then reload; an
// unanswered question answered with 'Add answer', which the test chat then gives.

const TUITION = 'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students.';
const DRESS_CODE = 'There is no dress code at Alder; students dress as they like.';

test('Analytics tab: cards, funnel and charts; Generate Daily Stats; Add answer to an unanswered question', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Alder College ') }, headers: auth })).status()).toBe(201);
  await request.patch('/schools/my-school/tuition', { data: { tuition_info: TUITION }, headers: auth });
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  const widget = { 'x-api-key': key };
  const event = async (session_id: string, event_type: string) => expect((await request.post('/api/widget/events', { data: { session_id, event_type }, headers: widget })).ok()).toBe(true);
  const visitor = widgetVisitor(request, key);
  const chat = async (session_id: string, message: string) => {
    const res = await visitor('/api/widget/chat', { message, session_id });
    expect(res.status()).toBe(200);
    return (await res.json()) as { response: string };
  };

  // Two page views that only loaded the widget, one that opened it, three conversations: 6 loads,
  // 4 opens, 3 started. Two of them asked the same thing in other words, which the school's
  // knowledge does not answer.
  for (const s of [uniq('loaded-'), uniq('loaded-')]) await event(s, 'widget_loaded');
  const opened = uniq('opened-');
  await event(opened, 'widget_loaded');
  await event(opened, 'widget_opened');
  expect((await chat(uniq('tuition-'), 'How much is tuition?')).response).toContain('$24,500');
  expect((await chat(uniq('dress-'), 'Is there a dress code?')).response).toContain("I don't have that information");
  expect((await chat(uniq('dress-'), 'Do you have a dress code?')).response).toContain("I don't have that information");

  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  await page.getByRole('tab', { name: 'Analytics' }).click();

  const cards = page.getByTestId('analytics-cards');
  await expect(cards.getByText('Total Conversations')).toBeVisible();
  await expect(cards.locator('div', { hasText: 'Total Conversations' }).locator('dd')).toHaveText('6');
  // Each figure says what it counts, in the same words as Reports (lib/analytics/metrics.ts).
  await cards.getByRole('button', { name: 'What counts as Total Conversations' }).focus();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Every widget session' })).toBeVisible();
  await expect(cards.locator('div', { hasText: 'Total messages' }).locator('dd')).toHaveText('6');
  const funnel = page.getByTestId('analytics-funnel');
  await expect(funnel.getByRole('listitem').nth(0)).toContainText(/^Widget Loaded.*6$/);
  await expect(funnel.getByRole('listitem').nth(1)).toContainText(/^Widget Opened.*4 \(66\.7% of sessions\)$/);
  await expect(funnel.getByRole('listitem').nth(2)).toContainText(/^Engaged.*3 \(75\.0% of opens\)$/);
  await expect(page.getByTestId('analytics-leads')).toContainText('Leads today');

  // Three bar charts, each with its numbers as a table; the last 7 days end today.
  const charts = page.getByTestId('analytics-charts');
  await expect(charts.locator('canvas')).toHaveCount(3);
  const byDay = page.getByTestId('chart-conversations-by-day');
  await expect(byDay.locator('tbody tr')).toHaveCount(7);
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  await expect(byDay.locator('tbody tr').last()).toHaveText(`${today}6`);
  await expect(page.getByTestId('chart-conversations-by-hour').locator('tbody tr')).toHaveCount(24);
  await expect(page.getByTestId('analytics-insights')).toContainText('Response speed');
  await expect(page.getByTestId('analytics-breakdowns').getByRole('heading', { name: 'Topics', exact: true })).toBeVisible();

  // The paraphrases are one unanswered question, asked twice.
  const unanswered = page.getByTestId('unanswered-question');
  await expect(unanswered).toHaveCount(1);
  await expect(unanswered.first()).toContainText('Do you have a dress code?');
  await expect(unanswered.first()).toContainText('Asked 2 times');
  await expect(unanswered.first()).toContainText('Also asked as: Is there a dress code?');
  await expectAccessible(page, 'Analytics tab');

  // Generate Daily Stats, then the tab reloads.
  await page.getByRole('button', { name: 'Generate Daily Stats' }).click();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByText(`Daily stats generated for ${yesterday}`)).toBeVisible();
  await expect(cards.locator('div', { hasText: 'Total Conversations' }).locator('dd')).toHaveText('6');
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(cards.locator('div', { hasText: 'Total Conversations' }).locator('dd')).toHaveText('6');

  // Add answer: the correction dialog starts from the question; once saved the question leaves the list.
  await unanswered.first().getByRole('button', { name: 'Add answer: Do you have a dress code?' }).click();
  const correction = page.getByRole('dialog', { name: /correct/i });
  await expect(correction.getByLabel("Visitor's question")).toHaveValue('Do you have a dress code?');
  await correction.getByLabel('Correct answer').fill(DRESS_CODE);
  await correction.getByRole('button', { name: 'Save Correction' }).click();
  await expect(page.getByText('Answer saved: the assistant will use it from now on.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(unanswered).toHaveCount(0);
  await expect(page.getByText('No unanswered questions in the last 30 days.')).toBeVisible();

  // The test chat now answers with it.
  await page.getByRole('tab', { name: 'API Key' }).click();
  await page.getByRole('button', { name: 'Test Your Chatbot' }).click();
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('How can I help you today?');
  await page.getByLabel('Type your message').fill('Is there a dress code?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('ai-message')).toHaveCount(2);
  await expect(page.getByTestId('ai-message').last()).toHaveText(DRESS_CODE);
});

test('Analytics tab with no data yet: the empty state', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  expect((await request.post('/schools/', { data: { name: uniq('Empty College ') }, headers: { authorization: `Bearer ${token}` } })).status()).toBe(201);
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByText('No analytics data yet.', { exact: false })).toBeVisible();
  await expect(page.getByText('No unanswered questions in the last 30 days.')).toBeVisible();
  await expectAccessible(page, 'Analytics tab, empty');
});
