import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser } from '../browser';
import { STRONG_PASSWORD } from '../http';
import { EXPECTED_ACTIONS } from './expected-actions';
import { seedSchool, snapshotOf, type Resources } from './fixtures';
import { adminWithSchool, memberOf, registerSuperuser, superuserIn, type Staff } from './harness';

vi.mock('next/headers', async () => (await import('../browser')).requestHeaders);

/**
 * Every `'use server'` export (a public POST endpoint) refuses a request without a session, a
 * session of another school naming this school's records, and a role that may not act.
 */

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const dir = path.join(root, 'app/actions');

/** `file:export` of every server action, scanned from the source. */
function scanActions(): string[] {
  const out: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    if (!/^\s*['"]use server['"]/.test(source)) continue;
    for (const m of source.matchAll(/^export\s+(?:async\s+function|const|function)\s+(\w+)/gm)) out.push(`${file.replace(/\.ts$/, '')}:${m[1]}`);
  }
  return out;
}

type Action = (...args: unknown[]) => Promise<{ ok: boolean; code?: string; error?: string }>;
async function actionOf(key: string): Promise<Action> {
  const [file, name] = key.split(':');
  const mod = (await import(/* @vite-ignore */ path.join(dir, `${file}.ts`))) as Record<string, Action>;
  return mod[name!]!;
}

let su: { token: string; email: string };
let a: Staff;
let b: Staff;
let aIds: Resources;
let bIds: Resources;
const browsers = {} as Record<'adminA' | 'userA' | 'superuserA' | 'superuserless', Browser>;

async function signedIn(email: string) {
  const browser = new Browser();
  await browser.signIn(email, STRONG_PASSWORD);
  return browser;
}

beforeAll(async () => {
  su = await registerSuperuser();
  a = await adminWithSchool(su.token, 'Aspen');
  b = await adminWithSchool(su.token, 'Beech');
  aIds = await seedSchool(su.token, a);
  bIds = await seedSchool(su.token, b);
  browsers.adminA = await signedIn(a.email);
  browsers.userA = await signedIn((await memberOf(su.token, a.id, 'user')).email);
  // The superuser working in school A (as the school switcher does): may watch live chats, not chat.
  await superuserIn(su.email, a.id);
  browsers.superuserA = await signedIn(su.email);
}, 90_000);

describe('server actions', () => {
  it('every export has a row in the reviewed table, and every row an export', () => {
    const scanned = scanActions();
    expect(scanned.length).toBeGreaterThan(50);
    expect(scanned.filter((k) => !EXPECTED_ACTIONS[k])).toEqual([]);
    expect(Object.keys(EXPECTED_ACTIONS).filter((k) => !scanned.includes(k))).toEqual([]);
  });

  it('refuse without a session, for a role that may not act, and with another school\'s session', async () => {
    const wrong: string[] = [];
    let cases = 0;
    const keys = scanActions();
    const before = await snapshotOf(b, bIds);
    for (const key of keys) {
      const row = EXPECTED_ACTIONS[key]!;
      const action = await actionOf(key);
      // 1. No session.
      const anon = await new Browser().run(() => action(...row.args(aIds, a.id)));
      cases++;
      if (anon.ok || anon.code !== 'session_expired') wrong.push(`${key} without a session: ${JSON.stringify(anon)}`);
      // 2. A role that may not act.
      const refusedRoles = row.may === 'admin' ? (['userA'] as const) : row.may === 'superuser' ? (['userA', 'adminA'] as const) : [];
      for (const who of refusedRoles) {
        const res = await browsers[who].run(() => action(...row.args(aIds, a.id)));
        cases++;
        if (res.ok || res.code !== 'forbidden') wrong.push(`${key} as ${who}: ${JSON.stringify(res)}`);
      }
      // 3. A session of school A naming school B's records.
      if (row.other !== 'own' && (row.may === 'staff' || row.may === 'admin')) {
        const res = await browsers.adminA.run(() => action(...row.args(bIds, b.id)));
        cases++;
        if (res.ok || res.code !== row.other) wrong.push(`${key} with school B's ids: ${JSON.stringify(res)}, expected ${row.other}`);
      } else if (row.other === 'own' && row.may !== 'superuser') {
        // Acts on the caller's own school: run it as A (B's data is compared below).
        await browsers.adminA.run(() => action(...row.args(aIds, a.id)));
        cases++;
      }
    }
    const after = await snapshotOf(b, bIds);
    for (const k of Object.keys(before)) if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) wrong.push(`school B's data changed: ${k}`);
    for (const w of wrong) console.log(w);
    console.log(`[route-matrix] server actions: ${keys.length} exports, ${cases} cases, ${wrong.length} wrong answers`);
    expect(wrong).toEqual([]);
  }, 120_000);
});
