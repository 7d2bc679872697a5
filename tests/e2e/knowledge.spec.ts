import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { makePdf } from '../fixtures/documents';
import { SITE_PORT } from './ports';
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

test('add a web link and generate its insights from the school website', async ({ page, request }) => {
  const site = http.createServer((req, res) => {
    if (req.url === '/visit') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<html><head><title>Visit Linden College</title></head><body><main><h1>Visit us</h1>
         <p>Campus tours leave the Welcome Center at 10am and 2pm every weekday during the semester.</p>
         <p>Open House for admitted students is on April 10, 2027, with sessions on financial aid and housing.</p>
         <p>Parking is free in Lot C; call +1 503 555 0199 to arrange an accessible tour for your family.</p></main></body></html>`,
      );
    } else res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><div id="root"></div></body></html>');
  });
  await new Promise<void>((r) => site.listen(SITE_PORT, '127.0.0.1', r));
  try {
    const { user } = await staffWithSchool(request);
    await signIn(page, user.email, user.password);
    await page.goto('/dashboard/training-room');
    await page.getByRole('tab', { name: 'Web Links' }).click();
    const form = page.getByRole('form', { name: 'Add web link' });
    await form.getByLabel('Link name').fill('Vi');
    await form.getByLabel('URL').fill('www.linden.example.edu');
    await form.getByRole('button', { name: 'Add Link' }).click();
    await expect(form.getByRole('alert')).toContainText('Name must be at least 3 characters');
    await expect(form.getByRole('alert')).toContainText('URL must start with http:// or https://');
    await form.getByLabel('Link name').fill('Visit page');
    await form.getByLabel('URL').fill(`http://127.0.0.1:${SITE_PORT}/visit`);
    await form.getByRole('button', { name: 'Add Link' }).click();
    await expect(page.getByText('Web link added successfully')).toBeVisible();
    // The same address again: the refusal replaces the earlier success, never beside it.
    await form.getByLabel('Link name').fill('Visit page again');
    await form.getByLabel('URL').fill(`http://127.0.0.1:${SITE_PORT}/visit`);
    await form.getByRole('button', { name: 'Add Link' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(page.getByText('Web link added successfully')).toHaveCount(0);
    await form.getByLabel('Link name').fill('');
    await form.getByLabel('URL').fill('');
    await expect(form.getByRole('alert')).toHaveCount(0);
    const card = page.getByRole('listitem', { name: 'Visit page' });
    await card.getByRole('button', { name: 'Generate Insights' }).click();
    await expect(page.getByText('Insights generated successfully')).toBeVisible();
    await card.getByRole('button', { name: 'Insights', exact: true }).click();
    await expect(dialog(page).getByLabel('Insights the assistant answers from')).toHaveValue(/April 10, 2027/);
    await expectAccessible(page, 'web link insights');
    await page.keyboard.press('Escape');

    // A page with no readable text asks for the content by hand.
    await form.getByLabel('Link name').fill('App page');
    await form.getByLabel('URL').fill(`http://127.0.0.1:${SITE_PORT}/app`);
    await form.getByRole('button', { name: 'Add Link' }).click();
    await page.getByRole('listitem', { name: 'App page' }).getByRole('button', { name: 'Generate Insights' }).click();
    const manual = dialog(page);
    await expect(manual.getByRole('heading', { name: 'Paste the page content' })).toBeVisible();
    await manual.getByRole('button', { name: 'Create Insights' }).click();
    await expect(manual.getByRole('alert')).toHaveText('Please enter some content');
    await manual.getByLabel('Page content').fill('Applications for the honors college close on December 1, 2026.');
    await manual.getByRole('button', { name: 'Create Insights' }).click();
    await expect(page.getByRole('listitem', { name: 'App page' })).toContainText('Insights from pasted text');
  } finally {
    await new Promise((r) => site.close(r));
  }
});

test('upload a PDF and watch its analysis complete', async ({ page, request }) => {
  const { user, token } = await staffWithSchool(request);
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/training-room');
  await page.getByRole('tab', { name: /File Uploads/ }).click();
  const form = page.getByRole('form', { name: 'Upload a document' });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please select a file and provide a name');
  const pdf = makePdf([
    'Linden College Viewbook.',
    'Linden College offers bachelor degrees in forestry, nursing and data science.',
    'Tuition is $21,300 per year and 9 in 10 students receive financial aid.',
    'Apply by February 1, 2027 for priority scholarship review.',
  ]);
  await form.getByLabel('Document').setInputFiles({ name: 'viewbook.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(form.getByLabel('Name')).toHaveValue('viewbook');
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('File uploaded successfully')).toBeVisible();
  const card = page.getByRole('listitem', { name: 'viewbook' });
  await expect(card).toContainText('viewbook.pdf');
  await expect(card).toContainText(`${pdf.length} Bytes`);
  await card.getByRole('button', { name: 'Generate Insights' }).click();
  // Polled every three seconds until the job is done.
  await expect(card).toContainText('Insights ready', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Insights', exact: true }).click();
  await expect(dialog(page).getByLabel('Insights the assistant answers from')).toHaveValue(/\$21,300/);
  await expectAccessible(page, 'file insights');
  await page.keyboard.press('Escape');
  const files = await (await request.get('/files/', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(files[0]).toMatchObject({ name: 'viewbook', analysis_status: 'completed' });
});

test('plan a staff interview; without telephony the call says why it cannot start', async ({ page, request }) => {
  const { user } = await staffWithSchool(request);
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard/training-room');
  await page.getByRole('tab', { name: /Interviews/ }).click();
  const form = page.getByRole('form', { name: 'Add interview call' });
  await form.getByLabel('Staff name').fill('Dana Whitfield');
  await form.getByLabel('Phone number').fill('555');
  await form.getByRole('button', { name: 'Add Interview Call' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid phone number');
  await form.getByLabel('Phone number').fill('+1 503 555 0142');
  await form.getByLabel('Topic').selectOption({ label: 'Financial Aid' });
  await form.getByRole('button', { name: 'Add Interview Call' }).click();
  const card = page.getByRole('listitem', { name: 'Dana Whitfield' });
  await expect(card).toContainText('Financial Aid');
  await expectAccessible(page, 'interviews');
  await card.getByRole('button', { name: 'Call' }).click();
  await expect(page.getByRole('main').getByRole('alert').first()).toContainText('Failed to start interview call: Phone interviews are not set up on this server; ask your administrator');
  await expect(card).toContainText('pending');
});
