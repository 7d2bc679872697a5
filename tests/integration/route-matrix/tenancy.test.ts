import { beforeAll, describe, expect, it } from 'vitest';
import { requestOf, resourceOf, seedSchool, snapshotOf, type Resources } from './fixtures';
import { adminWithSchool, byKey, callOp, OPERATIONS, opKey, operationDoc, registerSuperuser, type Staff } from './harness';

/**
 * Tenancy, generated from the document: school A's admin calls every operation that names a
 * record (path ids, and the ids in bodies and queries) with school B's ids and gets 404; B's data,
 * read back as B, is unchanged.
 */

/** Path-id operations whose id is not a school's record, with the reason. */
const NOT_SCHOOL_RECORDS: Record<string, string> = {
  'GET /uploads/{id}': 'public uploads (logos, avatars, voice previews) are public by design; private blobs answer 404 to everyone (files.test.ts)',
  'POST /api/scheduler/tasks/{id}/trigger': 'scheduled tasks belong to the install, and only a superuser may trigger one (the role table)',
  'POST /auth/sso/saml/acs/{schoolId}': "a school's public SAML endpoint: its identity provider posts there without an account; what it signs in is checked against that school's IdP (sso-saml-flow.test.ts)",
  'GET /auth/sso/saml/metadata/{schoolId}': "a school's public SAML service-provider metadata (entity id, ACS), for its identity provider",
  // SCIM takes the school's SCIM token, not a staff sign-in (A's admin gets 401 whatever the id);
  // another school's token naming these ids gets 404 and changes nothing (scim.test.ts).
  'GET /scim/v2/Users/{id}': "SCIM answers to a school's SCIM token, not a staff account: tenancy by token in scim.test.ts",
  'PUT /scim/v2/Users/{id}': "SCIM answers to a school's SCIM token, not a staff account: tenancy by token in scim.test.ts",
  'PATCH /scim/v2/Users/{id}': "SCIM answers to a school's SCIM token, not a staff account: tenancy by token in scim.test.ts",
  'DELETE /scim/v2/Users/{id}': "SCIM answers to a school's SCIM token, not a staff account: tenancy by token in scim.test.ts",
};

/** Ids carried in bodies and queries: the answer A's admin gets when naming B's record. */
const BODY_AND_QUERY_IDS: { key: string; build: (b: Resources, bSchool: number) => { body?: unknown; query?: Record<string, string> }; status: number }[] = [
  { key: 'POST /conversation-ratings/', build: (b) => ({ body: { conversation_id: Number(b.conversation), message_index: 1, rating: 'poor', admin_notes: 'Probe' } }), status: 404 },
  // decisions.md: another school's id in a report or a new user answers 403 (even one that does not exist).
  { key: 'GET /api/reports/chatbot-metrics', build: (_, s) => ({ query: { school_id: String(s) } }), status: 403 },
  { key: 'GET /api/reports/leads-metrics', build: (_, s) => ({ query: { school_id: String(s) } }), status: 403 },
  { key: 'GET /audit-log', build: (_, s) => ({ query: { school_id: String(s) } }), status: 403 },
  { key: 'GET /audit-log/export', build: (_, s) => ({ query: { school_id: String(s) } }), status: 403 },
  // Another school's lead is no lead of this school: 404, nothing erased or shown.
  { key: 'POST /privacy/erasures', build: (b) => ({ body: { lead_id: Number(b.lead) } }), status: 404 },
  { key: 'GET /privacy/subject-data', build: (b) => ({ query: { lead_id: b.lead } }), status: 404 },
  { key: 'POST /auth/users', build: (_, s) => ({ body: { email: 'x-tenant@lantern.test', username: 'xtenant', password: 'Lantern-Harbor-2026', first_name: 'X', last_name: 'T', school_id: s } }), status: 403 },
];

let a: Staff;
let b: Staff;
let bIds: Resources;

const snapshotOfB = () => snapshotOf(b, bIds);

beforeAll(async () => {
  const su = await registerSuperuser();
  a = await adminWithSchool(su.token, 'Alder');
  b = await adminWithSchool(su.token, 'Birch');
  await seedSchool(su.token, a);
  bIds = await seedSchool(su.token, b);
}, 60_000);

describe("tenancy: school A's admin with school B's ids", () => {
  it('answers 404 for every operation naming a record, and leaves B unchanged', async () => {
    const before = await snapshotOfB();
    // The ids are real: B reads each of its own records.
    const ownReads = Object.entries(before).filter(([k]) => k.includes('{'));
    expect(ownReads.length).toBeGreaterThan(5);
    for (const [k, v] of ownReads) expect([k, (v as [number])[0]]).toEqual([k, 200]);
    const leaks: string[] = [];
    let cases = 0;
    for (const op of OPERATIONS) {
      const key = opKey(op);
      const pathParams = operationDoc(op).parameters.filter((p) => p.in === 'path');
      if (pathParams.length === 0 || NOT_SCHOOL_RECORDS[key]) continue;
      const kind = resourceOf(op.path);
      if (!kind) {
        leaks.push(`${key}: no seeded resource kind for this path (add one to fixtures.ts)`);
        continue;
      }
      const ids = Object.fromEntries(pathParams.map((p) => [p.name, bIds[kind]]));
      const res = await callOp(op, { token: a.token }, requestOf(op, ids));
      cases++;
      if (res.status !== 404) leaks.push(`${key} with B's ${kind}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    for (const c of BODY_AND_QUERY_IDS) {
      const res = await callOp(byKey(c.key), { token: a.token }, c.build(bIds, b.id));
      cases++;
      if (res.status !== c.status) leaks.push(`${c.key} with B's id in body/query: ${res.status}, expected ${c.status} ${res.text.slice(0, 160)}`);
    }
    const after = await snapshotOfB();
    const changed = Object.keys(before).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    for (const k of changed) leaks.push(`B's data changed: ${k}`);
    for (const l of leaks) console.log(l);
    console.log(`[route-matrix] tenancy: ${cases} cases over ${Object.keys(before).length} reads of B, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    expect(cases).toBeGreaterThan(30);
  }, 60_000);
});
