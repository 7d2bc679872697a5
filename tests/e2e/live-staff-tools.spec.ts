import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { embedCode } from '../../lib/widget/embed';
import { expectAccessible, expectNoSidewaysOverflow, liveSchool, signIn, uniq, widgetVisitor } from './helpers';
import { E2E_PORT, HOST_PAGE_PORT } from './ports';

// The Live view's tools for staff (issue 48 items 9 and 2): saved replies kept on the page and
// inserted with "/" while chatting with a visitor on the school's website (another origin, a browser
// of their own), and the visitor's details corrected by staff, which the lead in Leads then shows.

const HOST = `http://localhost:${HOST_PAGE_PORT}`;

const school = (request: APIRequestContext) => liveSchool(request, { name: 'Cedar College ', website: HOST, staff: { first_name: 'Nora', last_name: 'Reyes' } });

let site: http.Server;
let staff: { email: string; password: string };
let key: string;
let auth: Record<string, string>;

test.beforeAll(async ({ request }) => {
  const made = await school(request);
  ({ key, auth } = made);
  staff = made.user;
  const code = embedCode({ apiKey: key, apiUrl: `http://127.0.0.1:${E2E_PORT}` });
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cedar College</title></head><body><main><h1>Welcome to Cedar College</h1></main>\n${code}\n</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(HOST_PAGE_PORT, resolve));
});
test.afterAll(async () => {
  await new Promise((r) => site.close(r));
});

test('staff keep saved replies on the Live view and insert one with / while chatting (issue 48 item 9)', async ({ browser, page }) => {
  await signIn(page, staff.email, staff.password);
  await page.goto('/dashboard/live');
  const section = page.getByRole('region', { name: 'Saved replies' });
  await expect(section.getByText('No saved replies yet.')).toBeVisible();

  // Add two, change one, delete one.
  for (const [title, text] of [
    ['Campus tour', 'Tours run on weekdays at 10:00.'],
    ['Application fee', 'The application fee is $50.'],
  ]) {
    await section.getByRole('button', { name: 'Add saved reply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Saved Reply' });
    await dialog.getByLabel('Title').fill(title!);
    await dialog.getByLabel('Text').fill(text!);
    await dialog.getByRole('button', { name: 'Add Reply' }).click();
    await expect(section.getByText('Saved reply added successfully')).toBeVisible();
  }
  await section.getByRole('listitem', { name: 'Campus tour' }).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Saved Reply' });
  await edit.getByLabel('Text').fill('Campus tours run on weekdays at 10:00 and 2:00; book one on our Visit page.');
  await edit.getByRole('button', { name: 'Save Reply' }).click();
  await expect(section.getByText('Saved reply updated successfully')).toBeVisible();
  await expect(section.getByRole('listitem', { name: 'Campus tour' })).toContainText('10:00 and 2:00');
  // An empty title is refused before it is sent.
  await section.getByRole('button', { name: 'Add saved reply' }).click();
  const empty = page.getByRole('dialog', { name: 'Add Saved Reply' });
  await empty.getByLabel('Text').fill('Text without a title');
  await empty.getByRole('button', { name: 'Add Reply' }).click();
  await expect(empty.getByText('Title is required')).toBeVisible();
  await empty.getByRole('button', { name: 'Cancel' }).click();
  await section.getByRole('listitem', { name: 'Application fee' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Saved Reply' }).getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByText('Saved reply deleted successfully')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  // A second one for the mouse.
  await section.getByRole('button', { name: 'Add saved reply' }).click();
  const third = page.getByRole('dialog', { name: 'Add Saved Reply' });
  await third.getByLabel('Title').fill('Parking');
  await third.getByLabel('Text').fill('Visitors park in lot B, next to the library.');
  await third.getByRole('button', { name: 'Add Reply' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(2);

  // A visitor on the school's website asks for a person; the staff member joins.
  const available = page.getByRole('switch', { name: 'Available to chat' });
  await available.click();
  await expect(available).toHaveAttribute('aria-checked', 'true');
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${HOST}/`);
  await visitor.locator('lantern-widget').getByRole('button', { name: /^Chat with/ }).click();
  const chat = visitor.frameLocator('iframe[title^="Chat with"]');
  const box = chat.getByLabel('Type your message');
  await box.fill('Can I talk to a person about visiting?');
  await box.press('Enter');
  await page.getByRole('region', { name: /Waiting/ }).getByRole('button').click();
  const conversation = page.getByRole('region', { name: /^Visitor / });
  await conversation.getByRole('button', { name: 'Join' }).click();
  await expect(chat.getByText('Nora from the admissions team joined the chat.')).toBeVisible();

  // "/" opens the picker; typing filters it by title; arrows and Enter insert.
  const write = conversation.getByRole('combobox', { name: 'Your message' });
  await expect(write).toBeFocused();
  await write.pressSequentially('Hello! /');
  const picker = conversation.getByRole('listbox', { name: 'Saved replies' });
  await expect(write).toHaveAttribute('aria-expanded', 'true');
  await expect(picker.getByRole('option')).toHaveText([/^Campus tour/, /^Parking/]);
  await write.pressSequentially('tou');
  await expect(picker.getByRole('option')).toHaveText([/^Campus tour/]);
  await expect(picker.getByRole('option', { name: /Campus tour/ })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'the Live view with the saved replies picker open');
  await write.press('Enter');
  await expect(write).toHaveValue('Hello! Campus tours run on weekdays at 10:00 and 2:00; book one on our Visit page.');
  await expect(write).toHaveAttribute('aria-expanded', 'false');
  // Escape closes an open picker and leaves the text as typed.
  await write.pressSequentially(' /');
  await expect(picker).toBeVisible();
  await write.press('Escape');
  await expect(picker).toBeHidden();
  await expect(write).toHaveValue(/ \/$/);
  await write.press('Backspace');
  await write.press('Enter');
  await expect(chat.locator('.row.staff').last()).toContainText('Hello! Campus tours run on weekdays at 10:00 and 2:00');
  await expect(write).toHaveValue('');

  // The mouse: arrow down to the second, or click it.
  await write.pressSequentially('/');
  await picker.getByRole('option', { name: /Parking/ }).click();
  await expect(write).toHaveValue('Visitors park in lot B, next to the library.');
  await expect(write).toBeFocused();
  await write.press('Enter');
  await expect(chat.locator('.row.staff').last()).toContainText('Visitors park in lot B');

  // On a phone the page, its saved replies and an open picker stay within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await write.pressSequentially('/');
  await expect(picker).toBeVisible();
  await expectNoSidewaysOverflow(page, 'the Live view at 390 px with the saved replies picker open');
  await visitorContext.close();
});

test("staff correct the visitor's e-mail in the Live view, and Leads shows it (issue 48 item 2)", async ({ page, request }) => {
  expect((await request.put('/live/availability', { data: { available: true }, headers: auth })).status()).toBe(200);
  const visitor = widgetVisitor(request, key);
  const session = uniq('details-');
  const asked = await visitor('/api/widget/live/request', { session_id: session, message: 'Could someone call me about housing?' });
  expect((await asked.json()).status).toBe('waiting');

  await signIn(page, staff.email, staff.password);
  await page.goto('/dashboard/live');
  await page.getByRole('region', { name: /^Waiting/ }).getByRole('button').first().click();
  // The panel is named by the visitor, which the details change: the section is found on its own.
  const details = page.getByRole('region', { name: 'Visitor details' });
  await expect(details.getByText('The visitor has not shared any details yet.')).toBeVisible();
  await details.getByRole('button', { name: 'Edit visitor details' }).click();
  const form = details.getByRole('form', { name: 'Edit visitor details' });
  await form.getByLabel('First Name').fill('Priya');
  await form.getByLabel('Email').fill('priya.at.example.com');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Email').fill('Priya.Shah@example.com');
  await form.getByLabel('Phone').fill('(614) 555-0142');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Visitor details updated successfully! The lead has them too.')).toBeVisible();
  await expect(details).toContainText('priya.shah@example.com');
  await expect(details).toContainText('+16145550142');
  // The panel and the list are named by the visitor now.
  await expect(page.getByRole('region', { name: 'Priya' })).toBeVisible();

  await page.goto('/dashboard/leads');
  const table = page.getByRole('table', { name: 'Leads' });
  await expect(table.locator('tbody tr').filter({ hasText: 'priya.shah@example.com' })).toContainText('Priya');
});
