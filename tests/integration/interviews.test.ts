import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as resetRoute from '@/app/(rest)/interview-calls/[id]/reset-call/route';
import * as callRoute from '@/app/(rest)/interview-calls/[id]/route';
import * as startRoute from '@/app/(rest)/interview-calls/[id]/start-call/route';
import * as callsRoute from '@/app/(rest)/interview-calls/route';
import * as summaryRoute from '@/app/(rest)/interview-calls/[id]/generate-summary/route';
import * as webhookRoute from '@/app/(rest)/interview-calls/webhook/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { drainJobs } from '@/lib/jobs/runner';
import { syncActiveInterviewCalls } from '@/lib/knowledge/interviews';
import { searchSchoolKnowledge as searchKnowledge } from '@/lib/retrieval/knowledge-index';
import { call, STRONG_PASSWORD } from './http';
import { background } from '@/background';

let token: string;
let other: string;
let noSchool: string;
let schoolId: number;
let provider: http.Server;
let providerBase: string;
const placed: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let refuseNext = false;
const conversations: Record<string, unknown> = {};

/** The scheduled sync queues one job per active call; run the queue and count the calls that moved on. */
async function syncCalls() {
  const queued = await syncActiveInterviewCalls();
  expect(queued.checked).toBeGreaterThanOrEqual(1);
  const runs = await drainJobs(background);
  return { updated: runs.filter((r) => r.job.name === 'interview_call_status' && JSON.parse(r.execution?.resultSummary ?? '{}').updated).length };
}

const valid = { staff_name: 'Dana Whitfield', phone_number: '+1 (503) 555-0142', topic: 'financial_aid', additional_instructions: 'Ask about the new transfer scholarship.' };

beforeAll(async () => {
  // A local server speaking ElevenLabs' outbound-call API.
  provider = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const conv = /^\/v1\/convai\/conversations\/([\w-]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && conv) {
        const state = conversations[conv[1]!];
        return state ? res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state)) : res.writeHead(404).end('{}');
      }
      if (req.method !== 'POST' || req.url !== '/v1/convai/twilio/outbound-call') return res.writeHead(404).end('{}');
      if (req.headers['xi-api-key'] !== 'test-xi-key') return res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Invalid API key' }));
      placed.push({ headers: req.headers, body: JSON.parse(raw) });
      if (refuseNext) {
        refuseNext = false;
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: 'The number is not reachable', conversation_id: null, callSid: null }));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, message: 'Success', conversation_id: `conv_${placed.length}`, callSid: `CA${placed.length}` }));
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  providerBase = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

  const su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'iv@lantern.test', password: STRONG_PASSWORD, username: 'ivroot', first_name: 'I', last_name: 'R' } })).json.access_token;
  for (const email of ['irene@lantern.test', 'ivan@lantern.test', 'ines@lantern.test']) {
    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'I', last_name: 'V' } });
  }
  const login = async (email: string) => (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
  token = await login('irene@lantern.test');
  other = await login('ivan@lantern.test');
  noSchool = await login('ines@lantern.test');
  schoolId = (await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Juniper College' } })).json.id;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: other, body: { name: 'Other College' } });
});

const TELEPHONY_ENV = ['ELEVENLABS_API_KEY', 'ELEVENLABS_AGENT_ID', 'ELEVENLABS_PHONE_NUMBER_ID', 'ELEVENLABS_BASE_URL', 'ELEVENLABS_WEBHOOK_SECRET'];

/** Telephony set up, with the local provider; every test that places calls says so itself. */
const telephonyOn = () => Object.assign(process.env, { ELEVENLABS_API_KEY: 'test-xi-key', ELEVENLABS_AGENT_ID: 'agent_1', ELEVENLABS_PHONE_NUMBER_ID: 'phnum_1', ELEVENLABS_BASE_URL: providerBase });

// Each test starts without telephony.
afterEach(() => {
  for (const k of TELEPHONY_ENV) delete process.env[k];
});

afterAll(async () => {
  await new Promise((r) => provider.close(r));
});

const create = (body: Record<string, unknown>, t = token) => call(callsRoute.POST, 'POST', '/interview-calls/', { token: t, body });
const start = (id: number, t = token) => call(startRoute.POST, 'POST', `/interview-calls/${id}/start-call`, { token: t, params: { id: String(id) } });

describe('interview calls', () => {
  it('validates with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, staff_name: '' }, 'Staff name is required'],
      [{ ...valid, staff_name: 'D' }, 'Staff name must be at least 2 characters'],
      [{ ...valid, phone_number: '555-0142' }, 'Please enter a valid phone number'],
      [{ ...valid, phone_number: 'call me maybe!' }, 'Please enter a valid phone number'],
    ];
    for (const [body, msg] of cases) {
      const res = await create(body);
      expect(res.status, msg).toBe(422);
      expect(res.json.detail[0].msg).toBe(msg);
    }
    expect((await create({ ...valid, topic: 'gossip' })).status).toBe(422);
    const defaults = await create({ staff_name: 'Lee Park', phone_number: '503 555 0100 12' });
    expect(defaults.json).toMatchObject({ topic: 'academics', status: 'pending', additional_instructions: null });
  });

  it('answers 503 without telephony and pretends nothing', async () => {
    const c = await create(valid);
    const res = await start(c.json.id);
    expect(res.status).toBe(503);
    // Staff read who can fix it, never the server's environment variables.
    expect(res.json.detail).toBe('Phone interviews are not set up on this server; ask your administrator');
    expect(res.json.detail).not.toMatch(/ELEVENLABS/);
    const list = (await call(callsRoute.GET, 'GET', '/interview-calls/', { token })).json;
    expect(list.find((x: { id: number }) => x.id === c.json.id)).toMatchObject({ status: 'pending', called_at: null });
  });

  it('places the call through the provider, then locks the call fields until reset', async () => {
    telephonyOn();
    const c = await create(valid);
    const res = await start(c.json.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'initiated', call_error: null });
    expect(res.json.called_at).not.toBeNull();
    const sent = placed.at(-1)!;
    expect(sent.body).toMatchObject({ agent_id: 'agent_1', agent_phone_number_id: 'phnum_1', to_number: '+15035550142' });
    expect(sent.body.conversation_initiation_client_data).toMatchObject({ dynamic_variables: { staff_name: 'Dana Whitfield', topic: 'Financial Aid', school_name: 'Juniper College' } });

    const id = String(c.json.id);
    const locked = await call(callRoute.PUT, 'PUT', `/interview-calls/${id}`, { token, params: { id }, body: { phone_number: '+1 503 555 0199' } });
    expect(locked.status).toBe(409);
    expect((await start(c.json.id)).status).toBe(409);
    const summary = await call(callRoute.PUT, 'PUT', `/interview-calls/${id}`, { token, params: { id }, body: { interview_summary: 'The new transfer scholarship awards $5,000 a year to students with a 3.5 GPA.' } });
    expect(summary.json.interview_summary).toContain('$5,000');
    expect((await searchKnowledge(schoolId, 'transfer scholarship amount'))[0]!.title).toBe('Financial Aid: interview with Dana Whitfield');

    const reset = await call(resetRoute.POST, 'POST', `/interview-calls/${id}/reset-call`, { token, params: { id } });
    expect(reset.json).toMatchObject({ status: 'pending', call_error: null, interview_summary: null, call_duration: null, called_at: null, connected_at: null, completed_at: null });
    expect(await searchKnowledge(schoolId, 'transfer scholarship amount')).toEqual([]);
    expect((await call(callRoute.PUT, 'PUT', `/interview-calls/${id}`, { token, params: { id }, body: { phone_number: '+1 503 555 0199' } })).status).toBe(200);
  });

  it('records the provider refusing the call', async () => {
    telephonyOn();
    const c = await create(valid);
    refuseNext = true;
    const res = await start(c.json.id);
    expect(res.status).toBe(502);
    expect(res.json.detail).toBe('The call could not be placed: The number is not reachable');
    const row = (await call(callsRoute.GET, 'GET', '/interview-calls/', { token })).json.find((x: { id: number }) => x.id === c.json.id);
    expect(row).toMatchObject({ status: 'failed', call_error: 'The call could not be placed: The number is not reachable' });
  });

  it('takes the signed call report: transcript, duration, times and a summary; refuses bad signatures', async () => {
    telephonyOn();
    const c = await create({ ...valid, staff_name: 'Omar Reyes', topic: 'student_life' });
    const started = await start(c.json.id);
    const conversation = placed.at(-1) && `conv_${placed.length}`;
    expect(started.json.status).toBe('initiated');
    const payload = JSON.stringify({
      type: 'post_call_transcription',
      data: {
        conversation_id: conversation,
        status: 'done',
        transcript: [
          { role: 'agent', message: 'What should families know about student life?' },
          { role: 'user', message: 'Every first-year student joins a learning community of about twenty students. The outdoor club runs free weekend trips to the coast and the mountains.' },
          { role: 'user', message: 'Residence halls have quiet floors, and the dining hall serves vegan options at every meal.' },
        ],
        metadata: { start_time_unix_secs: 1795000000, call_duration_secs: 427 },
      },
    });
    const sign = (body: string, secret: string, t = Math.floor(Date.now() / 1000)) => `t=${t},v0=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    const post = (body: string, signature: string) => call(webhookRoute.POST, 'POST', '/interview-calls/webhook', { rawBody: body, headers: { 'content-type': 'application/json', 'elevenlabs-signature': signature } });
    expect((await post(payload, sign(payload, 'whsec'))).status).toBe(503);
    process.env.ELEVENLABS_WEBHOOK_SECRET = 'whsec';
    expect((await post(payload, sign(payload, 'wrong'))).status).toBe(401);
    expect((await post(payload, sign(payload, 'whsec', 1_000_000))).status).toBe(401);
    expect((await post(payload, '')).status).toBe(401);
    // A body past the largest report is refused while it is read, before any signature check.
    const huge = JSON.stringify({ type: 'post_call_transcription', data: { transcript: 'x'.repeat(2 * 1024 * 1024) } });
    const tooBig = await post(huge, sign(huge, 'whsec'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.detail).toBe('Request body too large');
    const ok = await post(payload, sign(payload, 'whsec'));
    expect(ok.json).toEqual({ handled: true, status: 'completed' });
    const row = (await call(callsRoute.GET, 'GET', '/interview-calls/', { token })).json.find((x: { id: number }) => x.id === c.json.id);
    expect(row).toMatchObject({ status: 'completed', call_duration: 427, connected_at: new Date(1795000000 * 1000).toISOString(), completed_at: new Date((1795000000 + 427) * 1000).toISOString() });
    expect(row.interview_summary).toContain('learning community');
    expect(row.interview_summary).not.toContain('What should families know');
    const id = String(c.json.id);
    const again = await call(summaryRoute.POST, 'POST', `/interview-calls/${id}/generate-summary`, { token, params: { id } });
    expect(again.json.interview_summary).toContain('vegan options');
    expect((await searchKnowledge(schoolId, 'outdoor club weekend trips'))[0]!.title).toBe('Student Life: interview with Omar Reyes');
    // The transcript itself is indexed too, the agent's question with the answers to it, so an edit
    // of the summary that drops a fact does not lose it.
    await call(callRoute.PUT, 'PUT', `/interview-calls/${id}`, { token, params: { id }, body: { interview_summary: 'Student life is lively.' } });
    const spoken = (await searchKnowledge(schoolId, 'vegan dining hall')).find((h) => h.sourceType === 'interview_transcript' && h.sourceId === id);
    expect(spoken).toMatchObject({ title: 'Student Life: interview with Omar Reyes', content: expect.stringMatching(/^Q: What should families know about student life\?\nA: Every first-year student .* vegan options at every meal\.$/) });

    const failure = JSON.stringify({ type: 'call_initiation_failure', data: { conversation_id: 'conv_unknown', failure_reason: 'busy' } });
    expect((await post(failure, sign(failure, 'whsec'))).json).toEqual({ handled: false, reason: 'unknown call' });
    const fresh = await create(valid);
    await start(fresh.json.id);
    const busy = JSON.stringify({ type: 'call_initiation_failure', data: { conversation_id: `conv_${placed.length}`, failure_reason: 'The line was busy' } });
    expect((await post(busy, sign(busy, 'whsec'))).json).toEqual({ handled: true, status: 'failed' });
    const noTranscript = await call(summaryRoute.POST, 'POST', `/interview-calls/${fresh.json.id}/generate-summary`, { token, params: { id: String(fresh.json.id) } });
    expect(noTranscript.status).toBe(400);
  });

  it('the scheduled sync moves calls on from what the provider reports', async () => {
    telephonyOn();
    const c = await create({ ...valid, staff_name: 'Rosa Diaz', topic: 'athletics' });
    await start(c.json.id);
    const conversation = `conv_${placed.length}`;
    conversations[conversation] = { status: 'in-progress', transcript: [], metadata: { start_time_unix_secs: 1795000100 } };
    const first = await syncCalls();
    expect(first.updated).toBeGreaterThanOrEqual(1);
    const during = (await call(callsRoute.GET, 'GET', '/interview-calls/', { token })).json.find((x: { id: number }) => x.id === c.json.id);
    expect(during).toMatchObject({ status: 'in_progress', connected_at: new Date(1795000100 * 1000).toISOString() });
    conversations[conversation] = {
      status: 'done',
      transcript: [{ role: 'user', message: 'Our rowing team trains on the river at dawn, and new rowers with no experience are welcome every autumn.' }],
      metadata: { start_time_unix_secs: 1795000100, call_duration_secs: 95 },
    };
    await syncCalls();
    const after = (await call(callsRoute.GET, 'GET', '/interview-calls/', { token })).json.find((x: { id: number }) => x.id === c.json.id);
    expect(after).toMatchObject({ status: 'completed', call_duration: 95 });
    expect(after.interview_summary).toContain('rowing team trains on the river');
  });

  it('answers 404 without a school and keeps schools apart', async () => {
    const none = await call(callsRoute.GET, 'GET', '/interview-calls/', { token: noSchool });
    expect(none.status).toBe(404);
    expect(none.json.detail).toContain('No school associated');
    const created = await create(valid);
    expect(created.status).toBe(201);
    const mine = (await call(callsRoute.GET, 'GET', '/interview-calls/', { token })).json;
    expect(mine.map((c: { id: number }) => c.id)).toContain(created.json.id);
    const id = String(created.json.id);
    expect((await call(callsRoute.GET, 'GET', '/interview-calls/', { token: other })).json).toEqual([]);
    expect((await call(callRoute.PUT, 'PUT', `/interview-calls/${id}`, { token: other, params: { id }, body: { staff_name: 'X Y' } })).status).toBe(404);
    expect((await start(Number(id), other)).status).toBe(404);
    expect((await call(resetRoute.POST, 'POST', `/interview-calls/${id}/reset-call`, { token: other, params: { id } })).status).toBe(404);
    expect((await call(callRoute.DELETE, 'DELETE', `/interview-calls/${id}`, { token: other, params: { id } })).status).toBe(404);
    expect((await call(callRoute.DELETE, 'DELETE', `/interview-calls/${id}`, { token, params: { id } })).status).toBe(200);
  });
});
