import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { conversationReference as ref } from '../../lib/conversations/reference';
import { shortVisitor } from '../../lib/conversations/visitor-name';
import { createUser, dialog, expectAccessible, ownerToken, signIn, uniq, widgetVisitor } from './helpers';

// Item 4 and 5: the Logs tab of Chatbot Management. Conversations come in through the
// real widget API; staff filter, sort and page them, open one, rate an answer (rate, edit, delete),
// correct it (the test chat then answers with the correction) and export the filtered list. Staff
// see a conversation's reference (ref), never the session id the widget used: the visitor's short
// name ends with it, the search finds it, the exports carry it.

/** "Visitor 3f9a2c": the end of the session's conversation reference. */
const visitor = (session: string) => shortVisitor(ref(session));

const TUITION = 'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students.';
const CORRECTED = 'Tuition for 2026–27 is $23,900 a year after the Harbor Grant.';
const NOTES = 'The answer leaves out the Harbor Grant that most first-year students receive.';

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
}

test('Logs tab: filter, sort and page; view, rate, edit and delete a rating; correct an answer; export', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Logs College ') }, headers: auth })).status()).toBe(201);
  await request.patch('/schools/my-school/tuition', { data: { tuition_info: TUITION }, headers: auth });
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  const widget = { 'x-api-key': key };
  const event = async (session_id: string, event_type: string) => expect((await request.post('/api/widget/events', { data: { session_id, event_type }, headers: widget })).ok()).toBe(true);
  const widgetCall = widgetVisitor(request, key);
  const chat = async (session_id: string, message: string) => {
    const res = await widgetCall('/api/widget/chat', { message, session_id });
    expect(res.status()).toBe(200);
    return (await res.json()) as { response: string; message_index: number };
  };

  // 22 page views that only loaded the widget, one that opened it, and two conversations.
  const loaded = Array.from({ length: 22 }, (_, i) => uniq(`loaded-${String(i).padStart(2, '0')}-`));
  for (const s of loaded) await event(s, 'widget_loaded');
  const opened = uniq('opened-');
  await event(opened, 'widget_loaded');
  await event(opened, 'widget_opened');
  const tuition = uniq('tuition-');
  const first = await chat(tuition, 'How much is tuition?');
  expect(first.response).toContain('$24,500');
  await widgetCall('/api/widget/events', { session_id: tuition, event_type: 'message_feedback', message_index: first.message_index, rating: -1 });
  const deadline = uniq('deadline-');
  await chat(deadline, 'When is the application deadline?');
  await chat(deadline, 'Can I schedule a campus tour?');

  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  await page.getByRole('tab', { name: 'Logs' }).click();
  const count = page.getByTestId('logs-count');
  const table = page.getByRole('table', { name: 'Conversations' });
  const rows = table.locator('tbody tr');
  await expect(count).toHaveText('Showing 1–20 of 25 conversations');
  await expect(rows).toHaveCount(20);
  // Newest first: the last conversation is on top.
  await expect(rows.first()).toContainText(visitor(deadline));
  await expectAccessible(page, 'Logs tab');

  // 20 a page.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(count).toHaveText('Showing 21–25 of 25 conversations');
  await expect(rows).toHaveCount(5);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(count).toHaveText('Showing 1–20 of 25 conversations');

  // Engagement filters.
  const engagement = page.getByLabel('Engagement');
  await engagement.selectOption('conversation_engaged');
  await expect(count).toHaveText('Showing 1–2 of 2 conversations');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await engagement.selectOption('widget_opened');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(visitor(opened));
  await expect(rows.first()).toContainText('Opened');
  await engagement.selectOption('widget_loaded');
  await expect(count).toHaveText('Showing 1–20 of 22 conversations');
  await engagement.selectOption('');

  // Date ranges: everything is from today; nothing is older.
  await page.getByLabel('Date range').selectOption('today');
  await expect(count).toHaveText('Showing 1–20 of 25 conversations');
  await page.getByLabel('Date range').selectOption('all');

  // Text search: the conversation's reference or the first question; the session id finds nothing.
  const search = page.getByLabel('Search');
  await search.fill('TUITION');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(visitor(tuition));
  await search.fill(ref(opened));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(visitor(opened));
  await search.fill(opened);
  await expect(page.getByText('No conversations match these filters.')).toBeVisible();
  await search.fill('no such conversation');
  await expect(page.getByText('No conversations match these filters.')).toBeVisible();
  await search.fill('');

  // Sorting: by messages (4, then 2, then the rest), both ways; by engagement.
  await page.getByLabel('Sort by').selectOption('messages');
  await expect(rows.nth(0)).toContainText(visitor(deadline));
  await expect(rows.nth(1)).toContainText(visitor(tuition));
  await page.getByRole('button', { name: /Sort descending/ }).click();
  await expect(rows.first()).not.toContainText(visitor(deadline));
  await page.getByRole('button', { name: /Sort ascending/ }).click();
  await page.getByLabel('Sort by').selectOption('engagement');
  await expect(rows.nth(0)).toContainText('Engaged');
  await expect(rows.nth(1)).toContainText('Engaged');
  await expect(rows.nth(2)).toContainText(visitor(opened));

  // Exports of the filtered list, as files named by the date.
  await engagement.selectOption('conversation_engaged');
  const csv = await download(page, 'Export CSV');
  expect(csv.name).toMatch(/^conversations-\d{4}-\d{2}-\d{2}\.csv$/);
  const records = parse(csv.text, { columns: true }) as Record<string, string>[];
  expect(records.map((r) => r.session_id).sort()).toEqual([ref(deadline), ref(tuition)].sort());
  expect(csv.text).not.toContain(tuition);
  expect(records.find((r) => r.session_id === ref(tuition))).toMatchObject({ status: 'engaged', messages: '2', thumbs_down: '1', first_question: 'How much is tuition?' });
  const jsonl = await download(page, 'Export JSONL');
  expect(jsonl.name).toMatch(/^conversations-\d{4}-\d{2}-\d{2}\.jsonl$/);
  const lines = jsonl.text.trim().split('\n').map((l) => JSON.parse(l));
  expect(lines.map((l) => l.session_id)).toEqual([ref(deadline), ref(tuition)]);
  expect(jsonl.text).not.toContain(tuition);
  expect(lines[0].messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);

  // The conversation: engagement level, messages with times, the visitor's thumbs.
  await page.getByRole('button', { name: `View conversation with ${visitor(tuition)}` }).click();
  const d = dialog(page);
  await expect(d.getByRole('heading', { name: `Conversation with ${visitor(tuition)}` })).toBeVisible();
  await expect(d.getByText('Engaged')).toBeVisible();
  const answer = d.getByTestId('log-message').nth(1);
  await expect(answer).toContainText('$24,500');
  // The assistant's Markdown is shown formatted, as the widget showed it.
  const formatted = answer.getByTestId('message-markdown');
  await expect(formatted.locator('p, li, blockquote').first()).toBeVisible();
  expect(await formatted.innerText()).not.toMatch(/\*\*|^>|\]\(/m);
  await expect(answer.getByLabel('Visitor: thumbs down')).toBeVisible();
  await expect(answer.locator('time')).toHaveCount(1);
  // Only the assistant's answers can be rated.
  await expect(d.getByRole('button', { name: 'Rate message 1', exact: true })).toHaveCount(0);

  // Rate: a rating and a comment are required.
  await answer.getByRole('button', { name: 'Rate message 2' }).click();
  await answer.getByRole('button', { name: 'Save Rating' }).click();
  await expect(answer.getByRole('alert')).toHaveText('Rating and comment are required');
  await answer.getByLabel('Poor').check();
  await answer.getByLabel('Comment').fill(NOTES);
  await answer.getByLabel('Category').selectOption('accuracy');
  await expect(answer.getByLabel('Context turns')).toHaveValue('2');
  await expectAccessible(page, 'rating form');
  await answer.getByRole('button', { name: 'Save Rating' }).click();
  await expect(d.getByText('Rating saved')).toBeVisible();
  const rating = answer.getByTestId('rating');
  await expect(rating).toContainText('Poor');
  await expect(rating).toContainText('Accuracy');
  // Notes preview: 50 characters.
  await expect(rating).toContainText(`${NOTES.slice(0, 50)}…`);
  await expect(rating).not.toContainText(NOTES);

  // Edit.
  await answer.getByRole('button', { name: 'Edit rating of message 2' }).click();
  await expect(answer.getByLabel('Comment')).toHaveValue(NOTES);
  await answer.getByLabel('Excellent').check();
  await answer.getByLabel('Comment').fill('Clear and correct.');
  await answer.getByRole('button', { name: 'Update Rating' }).click();
  await expect(d.getByText('Rating updated')).toBeVisible();
  await expect(rating).toContainText('Excellent');
  await expect(rating).toContainText('Clear and correct.');
  const stored = await (await request.get(`/conversations/${lines[1].conversation_id}`, { headers: auth })).json();
  expect(stored.messages[1]).toMatchObject({ rating: 'excellent', rating_notes: 'Clear and correct.', rating_category: 'accuracy' });

  // Delete.
  await answer.getByRole('button', { name: 'Delete rating of message 2' }).click();
  await expect(d.getByText('Rating deleted')).toBeVisible();
  await expect(answer.getByTestId('rating')).toHaveCount(0);
  await expect(answer.getByRole('button', { name: 'Rate message 2' })).toBeVisible();
  await expectAccessible(page, 'conversation modal');

  // Correct the answer: the dialog starts from the visitor's question and this answer.
  await answer.getByRole('button', { name: 'Correct answer of message 2' }).click();
  const correction = page.getByRole('dialog', { name: /correct/i }).last();
  await expect(correction.getByLabel("Visitor's question")).toHaveValue('How much is tuition?');
  await expect(correction.getByLabel('Correct answer')).toHaveValue(first.response);
  await correction.getByLabel('Correct answer').fill(CORRECTED);
  await correction.getByRole('button', { name: 'Save Correction' }).click();
  await expect(d.getByText('Correction saved: the assistant gives this answer from now on')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The test chat uses it.
  await page.getByRole('tab', { name: 'API Key' }).click();
  await page.getByRole('button', { name: 'Test Your Chatbot' }).click();
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText('How can I help you today?');
  const input = page.getByLabel('Type your message');
  await input.fill('How much is tuition?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('ai-message')).toHaveCount(2);
  await expect(page.getByTestId('ai-message').last()).toHaveText(CORRECTED);
});

test('Logs tab on a narrow screen: cards instead of a table', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const token = (await (await request.post('/auth/login', { data: { email: user.email, password: user.password } })).json()).access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post('/schools/', { data: { name: uniq('Narrow College ') }, headers: auth })).status()).toBe(201);
  const key = (await (await request.post('/chatbot/generate-api-key', { headers: auth })).json()).api_key as string;
  const session_id = uniq('narrow-');
  expect((await request.post('/api/widget/chat', { data: { message: 'Do you accept the Common App?', session_id }, headers: { 'x-api-key': key } })).status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/chatbot');
  await page.getByRole('button', { name: 'Logs' }).click();
  const card = page.getByTestId('table-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(visitor(session_id));
  await expect(card).toContainText('Do you accept the Common App?');
  await expect(page.getByRole('table')).toHaveCount(0);
  await card.getByRole('button', { name: `View conversation with ${visitor(session_id)}` }).click();
  await expect(dialog(page).getByTestId('log-message')).toHaveCount(2);
  await expectAccessible(page, 'narrow conversation modal');
});
