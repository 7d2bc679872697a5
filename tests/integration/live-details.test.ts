import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as detailsRoute from '@/app/(rest)/live/conversations/[id]/details/route';
import * as liveOneRoute from '@/app/(rest)/live/conversations/[id]/route';
import * as streamRoute from '@/app/(rest)/live/stream/route';
import { getDb } from '@/db/client';
import { conversations, leads, type LiveStatus } from '@/db/schema';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client';
import { readEventStream } from '../support/event-stream';
import type { StaffStreamEvents } from '@/lib/live/events';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// Staff correct the visitor's details from the Live view (issue 48 item 2): the conversation's
// details and its lead change together, the Live views hear of it, and nothing crosses schools.

let alder: StaffSchool;
let birch: StaffSchool;

beforeAll(async () => {
  const su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'details-root@lantern.test', password: STRONG_PASSWORD, username: 'detailsroot', first_name: 'D', last_name: 'R' } })).json.access_token;
  alder = await staffWithSchool(su, 'alder-details@lantern.test', 'Alder Details College');
  birch = await staffWithSchool(su, 'birch-details@lantern.test', 'Birch Details College');
});

/** A live conversation of the school, as a visitor's request leaves it (or one that never was live: null). */
async function conversation(school: StaffSchool, status: LiveStatus | null, leadData: Record<string, unknown> = {}) {
  const [row] = await (await getDb())
    .insert(conversations)
    .values({ schoolId: school.id, sessionId: `details-${randomUUID()}`, liveStatus: status, liveWaitingSince: status === 'waiting' ? new Date() : null, leadData })
    .returning({ id: conversations.id });
  return row!.id;
}

const edit = (token: string, id: number, body: unknown) => call(detailsRoute.PUT, 'PUT', `/live/conversations/${id}/details`, { token, params: { id: String(id) }, body });
const read = (token: string, id: number) => call(liveOneRoute.GET, 'GET', `/live/conversations/${id}`, { token, params: { id: String(id) } });

async function leadOf(id: number) {
  const db = await getDb();
  const [conv] = await db.select({ leadId: conversations.leadId }).from(conversations).where(eq(conversations.id, id));
  if (!conv?.leadId) return null;
  const [lead] = await db.select().from(leads).where(eq(leads.id, conv.leadId));
  return lead!;
}

describe('PUT /live/conversations/{id}/details', () => {
  it("sets the visitor's details and creates their lead (whatever the school's minimum), and the Live views hear of it", async () => {
    const id = await conversation(alder, 'active', { graduation_year: 2027 });
    const abort = new AbortController();
    const res = await streamRoute.GET(new Request('http://localhost:3000/live/stream', { headers: { [CLIENT_ADDRESS_HEADER]: '203.0.113.10', authorization: `Bearer ${alder.token}` }, signal: abort.signal }), { params: Promise.resolve({}) });
    const stream = readEventStream<StaffStreamEvents>(res, abort);
    try {
      const saved = await edit(alder.token, id, { first_name: 'Maria', email: ' Maria.Lopez@Example.com ', phone: '(614) 555-0199' });
      expect(saved.status).toBe(200);
      // Answered as GET answers it, with the details as the lead form keeps them.
      expect(saved.json).toMatchObject({ id, details: { first_name: 'Maria', email: 'maria.lopez@example.com', phone: '+16145550199', graduation_year: 2027 }, visitor: 'Maria' });
      expect((await stream.next('details')).data).toEqual({ id });
    } finally {
      stream.close();
    }
    // Lead generation is off in this school and has no minimum met: what staff enter still makes the lead.
    const lead = await leadOf(id);
    expect(lead).toMatchObject({ schoolId: alder.id, firstName: 'Maria', email: 'maria.lopez@example.com', phone: '+16145550199', graduationYear: 2027, isTest: false });
  });

  it('corrects the same lead, keeps what is left out, and removes what is emptied', async () => {
    const id = await conversation(alder, 'waiting');
    expect((await edit(alder.token, id, { first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.com', phone: '+16145550123' })).status).toBe(200);
    const first = (await leadOf(id))!;
    const res = await edit(alder.token, id, { email: 'ana.ruiz@example.com', phone: '' });
    expect(res.status).toBe(200);
    expect(res.json.details).toEqual({ first_name: 'Ana', last_name: 'Ruiz', email: 'ana.ruiz@example.com' });
    const lead = (await leadOf(id))!;
    expect(lead).toMatchObject({ id: first.id, firstName: 'Ana', lastName: 'Ruiz', email: 'ana.ruiz@example.com', phone: null });
  });

  it('refuses a bad e-mail or phone with 422 naming the field, and changes nothing', async () => {
    const id = await conversation(alder, 'active', { email: 'kept@example.com' });
    const bad = await edit(alder.token, id, { first_name: 'Zed', email: 'not-an-address' });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toEqual([expect.objectContaining({ loc: ['body', 'email'], msg: 'Please enter a valid email address' })]);
    const phone = await edit(alder.token, id, { phone: '12' });
    expect(phone.json.detail).toEqual([expect.objectContaining({ loc: ['body', 'phone'], msg: 'Please enter a valid phone number' })]);
    const name = await edit(alder.token, id, { first_name: 'Two\nlines' });
    expect(name.json.detail).toEqual([expect.objectContaining({ loc: ['body', 'first_name'] })]);
    expect((await read(alder.token, id)).json.details).toEqual({ email: 'kept@example.com' });
    expect(await leadOf(id)).toBeNull();
  });

  it('works on an ended live chat; a conversation that was never live is not found', async () => {
    const ended = await conversation(alder, 'closed');
    expect((await edit(alder.token, ended, { email: 'late@example.com' })).status).toBe(200);
    expect((await leadOf(ended))?.email).toBe('late@example.com');
    const assistantOnly = await conversation(alder, null);
    const res = await edit(alder.token, assistantOnly, { email: 'x@example.com' });
    expect([res.status, res.json.detail]).toEqual([404, 'No live conversation with that id']);
  });

  it("school B cannot change school A's visitor (404); A's details and lead stay", async () => {
    const id = await conversation(alder, 'active', { email: 'alder-visitor@example.com' });
    const res = await edit(birch.token, id, { email: 'hijack@example.com' });
    expect([res.status, res.json.detail]).toEqual([404, 'No live conversation with that id']);
    expect((await read(alder.token, id)).json.details).toEqual({ email: 'alder-visitor@example.com' });
    expect(await leadOf(id)).toBeNull();
    expect((await edit('', id, { email: 'x@example.com' })).status).toBe(401);
  });
});
