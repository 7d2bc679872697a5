import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_ROLES, ROLES, type Role } from './expected';
import { newUserBody, plainRequest, targetUser, widgetKey } from './fixtures';
import { adminWithSchool, byKey, callOp, handlerOf, memberOf, OPERATIONS, opKey, registerSuperuser, routeFileOf, superuserIn, type Caller, type Request_ } from './harness';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Route files that are not part of the REST document, each with the reason. */
const NOT_DOCUMENTED: Record<string, string> = {
  'app/api/auth/[...nextauth]/route.ts': "next-auth's own sign-in endpoints for the staff web session (CSRF-protected form posts)",
  'app/api/inngest/route.ts': "Inngest's signed job endpoint (present only with INNGEST_SIGNING_KEY; its SDK checks the signature)",
};

function routeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...routeFiles(full));
    else if (entry.name === 'route.ts') out.push(full);
  }
  return out;
}

describe('every route is in the document and the expected table', () => {
  it('every operation of /openapi.json has a row, and every row an operation', () => {
    const keys = OPERATIONS.map(opKey);
    expect(keys.filter((k) => !EXPECTED_ROLES[k])).toEqual([]);
    expect(Object.keys(EXPECTED_ROLES).filter((k) => !keys.includes(k))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every operation is served by its route file, and every route handler is a documented operation', async () => {
    const served = new Set<string>();
    for (const op of OPERATIONS) {
      await handlerOf(op);
      served.add(`${op.method} ${routeFileOf(op.path)}`);
    }
    const undocumented: string[] = [];
    for (const file of [...routeFiles(path.join(root, 'app/(rest)')), ...routeFiles(path.join(root, 'app/api'))]) {
      if (NOT_DOCUMENTED[path.relative(root, file)]) continue;
      const source = fs.readFileSync(file, 'utf8');
      for (const method of METHODS) {
        if (new RegExp(`export\\s+(const|async function|function)\\s+${method}\\b|export\\s*\\{[^}]*\\b${method}\\b`).test(source) && !served.has(`${method} ${file}`)) {
          undocumented.push(`${method} ${path.relative(root, file)}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });
});

type Actors = Record<Role, Caller>;

/** A school with one actor of each role (the superuser working in it). */
async function school(su: { token: string; email: string }, label: string): Promise<{ actors: Actors; schoolId: number }> {
  const admin = await adminWithSchool(su.token, label);
  const user = await memberOf(su.token, admin.id, 'user');
  const superuser = await superuserIn(su.email, admin.id);
  return { schoolId: admin.id, actors: { anonymous: {}, user: { token: user.token }, admin: { token: admin.token }, superuser: { token: superuser }, widget: { apiKey: await widgetKey(admin) } } };
}

/** Operations that end the caller's session, the key or the school run in a school of their own, per role. */
const ISOLATED = new Set(['DELETE /schools/my-school', 'POST /auth/logout', 'POST /chatbot/generate-api-key']);

let su: { token: string; email: string };
let main: { actors: Actors; schoolId: number };

beforeAll(async () => {
  su = await registerSuperuser();
  main = await school(su, 'Roles');
});

/** A request that a permitted caller could complete, so a refusal can only be about the role. */
async function requestFor(key: string, schoolId: number): Promise<Request_> {
  const op = byKey(key);
  if (key === 'POST /auth/users') return { body: newUserBody(schoolId) };
  if (key.includes('/auth/users/{id}')) {
    const base = plainRequest(op, { id: await targetUser(su.token, schoolId) });
    if (key === 'PUT /auth/users/{id}') base.body = { first_name: 'Renamed' };
    if (key === 'PUT /auth/users/{id}/password') base.body = { new_password: 'Fresh-Matrix-Pass-31' };
    return base;
  }
  // Someone nobody holds: an administrator's erasure or subject-data request of them completes.
  if (key === 'POST /privacy/erasures') return { body: { email: 'nobody-roles@lantern.test' } };
  if (key === 'GET /privacy/subject-data') return { query: { email: 'nobody-roles@lantern.test' } };
  if (key === 'PUT /privacy/retention') return { body: { lead_retention_days: null, prospect_retention_days: null } };
  // A connection whose provider does not answer: an administrator gets 422 naming issuer.
  if (key === 'PUT /schools/my-school/sso') return { body: { protocol: 'oidc', issuer: 'http://127.0.0.1:1/none', client_id: 'c', client_secret: 's', email_domains: ['roles.example.edu'] } };
  if (key === 'GET /auth/sso/lookup' || key === 'GET /auth/sso/start') return { query: { email: 'someone@roles.example.edu' } };
  return plainRequest(op);
}

const verdict = (status: number) => (status === 401 || status === 403 ? status : 'ok');

describe('roles: each role gets the answer the table says', () => {
  it('for every operation', async () => {
    const wrong: string[] = [];
    let cases = 0;
    for (const op of OPERATIONS) {
      const key = opKey(op);
      const row = EXPECTED_ROLES[key]!;
      const statuses: Partial<Record<Role, number>> = {};
      for (const role of ROLES) {
        const setting = ISOLATED.has(key) ? await school(su, 'Alone') : main;
        const res = await callOp(op, setting.actors[role], await requestFor(key, setting.schoolId));
        cases++;
        statuses[role] = res.status;
        if (res.status >= 500) wrong.push(`${key} as ${role}: ${res.status} ${res.text.slice(0, 200)}`);
        else if (row[role] !== 'same' && verdict(res.status) !== row[role]) wrong.push(`${key} as ${role}: ${res.status}, expected ${row[role]} (${res.text.slice(0, 120)})`);
      }
      if (ROLES.some((r) => row[r] === 'same') && new Set(Object.values(statuses)).size !== 1) wrong.push(`${key}: a public call answered differently by caller ${JSON.stringify(statuses)}`);
    }
    for (const w of wrong) console.log(w);
    console.log(`[route-matrix] roles: ${OPERATIONS.length} operations, ${cases} role cases, ${wrong.length} wrong answers`);
    expect(wrong).toEqual([]);
  }, 120_000);
});
