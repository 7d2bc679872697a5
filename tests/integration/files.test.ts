import { InngestTestEngine } from '@inngest/test';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as generateRoute from '@/app/(rest)/files/[id]/generate-insights/route';
import * as fileRoute from '@/app/(rest)/files/[id]/route';
import * as filesRoute from '@/app/(rest)/files/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { getDb } from '@/db/client';
import { blobs } from '@/db/schema';
import { jobRunner } from '@/inngest/functions/job-runner';
import { searchSchoolKnowledge as searchKnowledge } from '@/lib/retrieval/knowledge-index';
import { drainJobs } from '@/lib/jobs/runner';
import { makeDocx, makePdf, makeZipBomb } from '../fixtures/documents';
import { PNG_1x1 } from '../fixtures/images';
import { call, STRONG_PASSWORD } from './http';
import { background } from '@/background';

let token: string;
let other: string;
let schoolId: number;

const PROSPECTUS = [
  'Cedar College Prospectus 2027.',
  'Cedar College offers bachelor degrees in nursing, marine biology and computer science.',
  'Tuition for full-time undergraduates is $24,500 per year, and most students receive financial aid.',
  'The priority application deadline is January 15, 2027.',
  'Contact the admissions office at admissions@cedar.example.edu for a campus visit.',
];

async function upload(bytes: Buffer, filename: string, name?: string, t = token) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  if (name !== undefined) form.append('name', name);
  const res = await filesRoute.POST(new Request('http://localhost:3000/files/', { method: 'POST', headers: { authorization: `Bearer ${t}` }, body: form }), { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

/** The analysis queued with the upload: run the queue here, then read the file back. */
async function analyze(id: number) {
  const runs = await drainJobs(background);
  expect(runs.find((r) => r.job.name === 'file_analysis' && (r.job.payload as { file_id: number }).file_id === id)).toMatchObject({ outcome: 'succeeded' });
  return (await call(filesRoute.GET, 'GET', '/files/', { token })).json.find((f: { id: number }) => f.id === id);
}

beforeAll(async () => {
  const su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'fr@lantern.test', password: STRONG_PASSWORD, username: 'froot', first_name: 'F', last_name: 'R' } })).json.access_token;
  for (const email of ['fiona@lantern.test', 'felix@lantern.test']) {
    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'F', last_name: 'L' } });
  }
  token = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'fiona@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
  other = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'felix@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
  schoolId = (await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Cedar College' } })).json.id;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: other, body: { name: 'Other' } });
});

describe('document uploads', () => {
  it('reads PDF, DOCX, DOC, TXT and Markdown with real parsers and summarises them', async () => {
    const docs: [Buffer, string][] = [
      [fs.readFileSync(path.join(__dirname, '../fixtures/prospectus.doc')), 'prospectus.doc'],
      [makePdf(PROSPECTUS), 'prospectus.pdf'],
      [await makeDocx(PROSPECTUS), 'prospectus.docx'],
      [Buffer.from(PROSPECTUS.join('\n\n')), 'prospectus.txt'],
      [Buffer.from(`# Prospectus\n\n${PROSPECTUS.map((p) => `- **${p}**`).join('\n')}`), 'prospectus.md'],
    ];
    for (const [bytes, filename] of docs) {
      const up = await upload(bytes, filename);
      expect(up.status, filename).toBe(201);
      // The analysis starts with the upload: no further click.
      expect(up.json).toMatchObject({ name: 'prospectus', original_filename: filename, file_size: bytes.length, analysis_status: 'processing' });
      const done = await analyze(up.json.id);
      expect(done, filename).toMatchObject({ analysis_status: 'completed', analysis_error: null });
      const insights = (done as { insights_summary: string }).insights_summary;
      expect(insights, filename).toContain('$24,500');
      expect(insights, filename).toContain('January 15, 2027');
    }
    const hits = await searchKnowledge(schoolId, 'What does tuition cost?');
    expect(hits[0]!.content).toContain('$24,500');
  });

  it('checks the content as well as the extension', async () => {
    const renamed = await upload(Buffer.from('just some words in a text file that pretends to be a PDF'), 'fake.pdf');
    expect(renamed.status).toBe(422);
    expect(renamed.json.detail[0].msg).toBe("The file's content does not match its .pdf extension");
    expect((await upload(PNG_1x1, 'photo.png')).json.detail[0].msg).toBe('Accepted file types are .pdf, .doc, .docx, .txt and .md');
    expect((await upload(makePdf(['x']), 'doc.docx')).status).toBe(422);
    const bomb = await upload(await makeZipBomb(), 'bomb.docx');
    expect(bomb.status).toBe(422);
    expect(bomb.json.detail[0].msg).toBe('The .docx file unpacks to too much data to be a real document');
    const big = await upload(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(25 * 1024 * 1024)]), 'big.pdf');
    expect(big.status).toBe(413);
    expect(big.json.detail).toBe('File size must be less than 25MB');
    const noName = await upload(Buffer.from('words words words'), 'notes.txt', '   ');
    expect(noName.json.name).toBe('notes');
  });

  it('marks a PDF without a text layer as failed, with the reason', async () => {
    const up = await upload(makePdf(['']), 'scan.pdf', 'Scanned brochure');
    const done = await analyze(up.json.id);
    expect(done).toMatchObject({ analysis_status: 'failed', analysis_error: 'The PDF has no text layer (is it a scanned image?)' });
    const blank = await upload(Buffer.from('   \n\n  '), 'blank.txt', 'Blank notes');
    expect(await analyze(blank.json.id)).toMatchObject({ analysis_status: 'failed', analysis_error: 'The document has no readable text' });
  });

  it('indexes the whole document beside its insights: sections under their headings, lists and labelled table rows', async () => {
    const guide = [
      '# Visiting Larch Hall',
      '',
      'Campus visits run on weekdays.',
      '',
      '## Parking',
      '',
      '- Visitors park in Lot C beside Harbor Street.',
      '- Permits are free at the front desk.',
      '',
      '## Fees',
      '',
      '| Fee | Amount |',
      '|-----|--------|',
      '| Application | $50 |',
      '| Enrollment deposit | $300 |',
    ].join('\n');
    const up = await upload(Buffer.from(guide), 'visit.md', 'Visit guide');
    expect(await analyze(up.json.id)).toMatchObject({ analysis_status: 'completed' });
    const fullText = async (q: string) => (await searchKnowledge(schoolId, q)).filter((h) => h.sourceType === 'file_text' && h.sourceId === String(up.json.id));
    expect((await fullText('where do visitors park'))[0]).toMatchObject({ title: 'Visit guide — Parking', content: '- Visitors park in Lot C beside Harbor Street.\n- Permits are free at the front desk.' });
    expect((await fullText('enrollment deposit'))[0]!.content).toBe('- Fee: Application; Amount: $50\n- Fee: Enrollment deposit; Amount: $300');
    // Editing the insights keeps the document's own text; deleting the file removes it.
    const id = String(up.json.id);
    await call(fileRoute.PUT, 'PUT', `/files/${id}`, { token, params: { id }, body: { insights_summary: 'A visit guide.' } });
    expect(await fullText('where do visitors park')).toHaveLength(1);
    await call(fileRoute.DELETE, 'DELETE', `/files/${id}`, { token, params: { id } });
    expect(await fullText('where do visitors park')).toHaveLength(0);
  });

  it('turns short documents into knowledge: a 15-word note and a one-sentence PDF', async () => {
    const note = await upload(Buffer.from('Parking for campus visitors is in Lot C beside the Harbor Street entrance, free.'), 'parking.txt', 'Parking note');
    expect(await analyze(note.json.id)).toMatchObject({ analysis_status: 'completed', insights_summary: expect.stringContaining('Lot C') });
    const pdf = await upload(makePdf(['The student to faculty ratio is 12 to 1.']), 'ratio.pdf', 'Ratio');
    expect(await analyze(pdf.json.id)).toMatchObject({ analysis_status: 'completed', insights_summary: expect.stringContaining('12 to 1') });
    expect((await searchKnowledge(schoolId, 'where do visitors park'))[0]!.content).toContain('Lot C');
  });

  it('edits names and insights, deletes with the stored bytes, and keeps schools apart', async () => {
    const up = await upload(Buffer.from('Orientation notes for new students arriving in August.'), 'orientation.txt', 'Orientation notes');
    expect(up.status).toBe(201);
    const list = (await call(filesRoute.GET, 'GET', '/files/', { token })).json;
    expect(list.map((f: { id: number }) => f.id)).toContain(up.json.id);
    const id = String(up.json.id);
    const renamed = await call(fileRoute.PUT, 'PUT', `/files/${id}`, { token, params: { id }, body: { name: '', insights_summary: 'x' } });
    expect(renamed.status).toBe(422);
    expect(renamed.json.detail[0].msg).toBe('Please provide a name');
    expect((await call(fileRoute.PUT, 'PUT', `/files/${id}`, { token, params: { id }, body: { insights_summary: 'Orientation week starts August 20.' } })).json.insights_summary).toBe('Orientation week starts August 20.');
    expect((await call(filesRoute.GET, 'GET', '/files/', { token: other })).json).toEqual([]);
    expect((await call(fileRoute.DELETE, 'DELETE', `/files/${id}`, { token: other, params: { id } })).status).toBe(404);
    expect((await call(generateRoute.POST, 'POST', `/files/${id}/generate-insights`, { token: other, params: { id } })).status).toBe(404);
    const db = await getDb();
    const before = (await db.select({ id: blobs.id }).from(blobs)).length;
    expect((await call(fileRoute.DELETE, 'DELETE', `/files/${id}`, { token, params: { id } })).status).toBe(200);
    expect((await db.select({ id: blobs.id }).from(blobs)).length).toBe(before - 1);
  });

  it('runs the analysis as an Inngest function too', async () => {
    const up = await upload(Buffer.from(PROSPECTUS.join('\n\n')), 'inngest.txt');
    const t = new InngestTestEngine({ function: jobRunner, events: [{ name: 'jobs/job.enqueued', data: {} }] });
    const { result } = (await t.execute()) as { result: { runs: { result: unknown }[] } };
    expect(result.runs.map((r) => r.result)).toContainEqual({ file_id: up.json.id, status: 'completed' });
  });

  it('analyses a document again on Generate Insights', async () => {
    const up = await upload(Buffer.from(PROSPECTUS.join('\n\n')), 'again.txt');
    expect(await analyze(up.json.id)).toMatchObject({ analysis_status: 'completed' });
    const id = String(up.json.id);
    const res = await call(generateRoute.POST, 'POST', `/files/${id}/generate-insights`, { token, params: { id } });
    expect(res.status).toBe(202);
    expect(res.json.analysis_status).toBe('processing');
    expect(await analyze(up.json.id)).toMatchObject({ analysis_status: 'completed', insights_summary: expect.stringContaining('$24,500') });
  });
});
