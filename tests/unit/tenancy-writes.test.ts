import fs from 'node:fs';
import path from 'node:path';
import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '@/db/schema';

// Every update or delete of a school's rows names the school in its WHERE clause,
// so a read check that is missed can never turn into a write to another school's data. Checked
// over the source, for every table with a school_id column, so a new write is covered the day it
// is added.

const root = path.resolve(__dirname, '../..');
const scoped = Object.entries(schema)
  .filter(([, t]) => is(t, PgTable) && 'schoolId' in getTableColumns(t as PgTable))
  .map(([name]) => name);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

// Writes that are bound to a school another way than a school_id comparison in their own WHERE.
const ELSEWHERE = [
  // A message of the conversation just found by the widget key's school and the session (sessionMatch).
  /eq\(conversationMessages\.conversationId, conversation\.id\)/,
];
// Account-level writes: a user's own sign-in, profile and password reset act on the account, not
// on a school's data; an upload's blob is filled in by the request that created it; the audit log's
// retention purge deletes by age across schools (one setting for the install); the mail outbox is
// sent by the install's mail job, row by row (its school says whose erasure may find it); a single
// sign-on attempt is found by the secret its callback presents, before anyone knows the school.
const ACCOUNT_LEVEL: Record<string, string[]> = { users: ['lib/auth/'], blobs: ['lib/storage/blobs.ts'], auditLog: ['lib/audit/service.ts'], mailOutbox: ['lib/mail/'], ssoAttempts: ['lib/sso/attempts.ts'] };

describe('tenancy of writes', () => {
  it('finds the school-scoped tables', () => {
    expect(scoped).toEqual(expect.arrayContaining(['webLinks', 'knowledgeFiles', 'interviewCalls', 'leads', 'actionPrompts', 'knowledgeChunks']));
  });

  it('binds every update and delete of a school-scoped table to the school', () => {
    const unbound: string[] = [];
    for (const file of [...sources(path.join(root, 'lib')), ...sources(path.join(root, 'app'))]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\.(update|delete)\((\w+)\)/g)) {
        if (!scoped.includes(m[2]!)) continue;
        if ((ACCOUNT_LEVEL[m[2]!] ?? []).some((prefix) => path.relative(root, file).startsWith(prefix))) continue;
        // The statement: from the call to the end of its chain (the next semicolon).
        const statement = text.slice(m.index!, text.indexOf(';', m.index!));
        if (/schoolId|school_id/.test(statement) || ELSEWHERE.some((re) => re.test(statement))) continue;
        unbound.push(`${path.relative(root, file)}:${text.slice(0, m.index!).split('\n').length} ${m[0]}`);
      }
    }
    expect(unbound).toEqual([]);
  });
});
