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

test('a web link is read as soon as it is added: every page once, listed by title, insights formatted', async ({ page, request }) => {
  const seen: string[] = [];
  const visitPage = (title: string, body: string, links: string[]) =>
    `<html><head><title>${title}</title></head><body><main>${body}${links.map((l) => `<a href="${l}">more</a>`).join(' ')}</main></body></html>`;
  const site = http.createServer((req, res) => {
    seen.push(req.url!);
    const home = visitPage(
      'Visit Linden College',
      `<h1>Visit us</h1><p>Campus tours leave the Welcome Center at 10am and 2pm every weekday during the semester.</p>
       <p>Open House for admitted students is on April 10, 2027, with sessions on financial aid and housing.</p>`,
      ['/visit/index.html', '/visit/parking.html', '/visit/lodging.html#hotels'],
    );
    const pages: Record<string, string> = {
      '/visit/': home,
      '/visit/index.html': home,
      '/visit/parking.html': visitPage('Parking', '<p>Parking is free in Lot C; call +1 503 555 0199 to arrange an accessible tour for your family.</p>', ['/visit/']),
      '/visit/lodging.html': visitPage('Where to stay', '<p>The Linden Inn offers families a campus rate of $129 a night.</p>', ['/visit/index.html']),
    };
    const html = pages[req.url!] ?? '<html><body><div id="root"></div></body></html>';
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
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
    await form.getByLabel('Link name').fill('Visit pages');
    await form.getByLabel('URL').fill(`http://127.0.0.1:${SITE_PORT}/visit/`);
    await form.getByLabel(/Drill into subpages/).check();
    await form.getByRole('button', { name: 'Add Link' }).click();
    await expect(page.getByText('Web link added successfully')).toBeVisible();
    // The same address again: the refusal replaces the earlier success, never beside it.
    await form.getByLabel('Link name').fill('Visit page again');
    await form.getByLabel('URL').fill(`http://127.0.0.1:${SITE_PORT}/visit/`);
    await form.getByRole('button', { name: 'Add Link' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(page.getByText('Web link added successfully')).toHaveCount(0);
    await form.getByLabel('Link name').fill('');
    await form.getByLabel('URL').fill('');
    await expect(form.getByRole('alert')).toHaveCount(0);

    // Read without a further click (the list follows the queued job), each page once.
    const card = page.getByRole('listitem', { name: 'Visit pages' });
    await expect(card).toContainText('Insights ready', { timeout: 15_000 });
    await expect(card).toContainText('3 pages');
    await card.getByText('The 3 pages read').click();
    for (const title of ['Visit Linden College', 'Parking', 'Where to stay']) await expect(card.getByRole('link', { name: title, exact: true })).toBeVisible();
    expect(seen.filter((u) => u.startsWith('/visit/lodging'))).toHaveLength(1);

    // Insights read as formatted text; Edit shows the Markdown itself.
    await card.getByRole('button', { name: 'Insights', exact: true }).click();
    const formatted = dialog(page).getByTestId('insights-formatted');
    await expect(formatted).toContainText('April 10, 2027');
    await expect(formatted.getByRole('heading').first()).toBeVisible();
    await expect(formatted).not.toContainText('## ');
    await expectAccessible(page, 'web link insights');
    await dialog(page).getByRole('button', { name: 'Edit' }).click();
    await expect(dialog(page).getByLabel(/Insights the assistant answers from/)).toHaveValue(/April 10, 2027/);
    await page.keyboard.press('Escape');

    // Generate Insights stays, for a fresh read.
    await card.getByRole('button', { name: 'Regenerate Insights' }).click();
    await expect(page.getByText('Insights generated successfully')).toBeVisible();

    // A page with no readable text asks for the content by hand, once it has been read.
    await form.getByLabel('Link name').fill('App page');
    await form.getByLabel('URL').fill(`http://127.0.0.1:${SITE_PORT}/app`);
    await form.getByRole('button', { name: 'Add Link' }).click();
    const app = page.getByRole('listitem', { name: 'App page' });
    await expect(app).toContainText('Needs pasted text', { timeout: 15_000 });
    await app.getByRole('button', { name: 'Paste Content' }).click();
    const manual = dialog(page);
    await expect(manual.getByRole('heading', { name: 'Paste the page content' })).toBeVisible();
    await manual.getByRole('button', { name: 'Create Insights' }).click();
    await expect(manual.getByRole('alert')).toHaveText('Please enter some content');
    await manual.getByLabel('Page content').fill('Applications for the honors college close on December 1, 2026.');
    await manual.getByRole('button', { name: 'Create Insights' }).click();
    await expect(app).toContainText('Insights from pasted text');
  } finally {
    await new Promise((r) => site.close(r));
  }
});

test('an uploaded PDF is analysed as soon as it is uploaded', async ({ page, request }) => {
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
  // No click: the analysis was queued with the upload, and the list is polled until it is done.
  await expect(card).toContainText('Insights ready', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Insights', exact: true }).click();
  await expect(dialog(page).getByTestId('insights-formatted')).toContainText('$21,300');
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
