import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { resultRows } from '@/db/client';
import type { Executor } from '@/db/types';
import { conversationReference, conversationReferenceSql } from '@/lib/conversations/reference';
import { mailAbout } from '@/lib/mail/outbox';
import type { PrivacySubject } from './schema';

// Everything of a school that belongs to one person, from what a privacy request names: the leads
// that carry the e-mail or phone (as the student's or the parent's: a lead is one family's record),
// the lead named, the conversation named (by its reference or session), and then, until nothing
// new turns up, the conversations of those leads and the leads of those conversations, with the
// addresses and numbers each of them holds. Always within the one school.

export type Person = {
  leadIds: number[];
  conversationIds: number[];
  sessionIds: string[];
  /** The conversations' references, as exports and CRM payloads carry them. */
  references: string[];
  emails: string[];
  phones: string[];
};

/** `column in (…)`, false for an empty list. */
export function oneOf(column: SQL, values: readonly (string | number)[]): SQL {
  return values.length ? sql`${column} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})` : sql`false`;
}

const MAX_ROUNDS = 5;

export async function findPerson(db: Executor, schoolId: number, subject: PrivacySubject): Promise<Person> {
  const leadIds = new Set<number>(subject.lead_id ? [subject.lead_id] : []);
  const conversationIds = new Set<number>();
  const sessions = new Set<string>();
  const emails = new Set<string>(subject.email ? [subject.email.toLowerCase()] : []);
  const phones = new Set<string>(subject.phone ? [subject.phone] : []);
  const named = subject.session_id;
  const size = () => leadIds.size + conversationIds.size + sessions.size + emails.size + phones.size;

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = size();
    const leadRows = resultRows<{ id: number; session_id: string | null; email: string | null; phone: string | null }>(
      await db.execute(sql`
        select id, session_id, lower(email) as email, phone from leads
        where school_id = ${schoolId} and (${oneOf(sql`id`, [...leadIds])} or ${oneOf(sql`lower(email)`, [...emails])}
          or ${oneOf(sql`lower(parent_email)`, [...emails])} or ${oneOf(sql`phone`, [...phones])}
          or ${oneOf(sql`parent_phone`, [...phones])} or ${oneOf(sql`session_id`, [...sessions])})`),
    );
    for (const l of leadRows) {
      leadIds.add(Number(l.id));
      if (l.session_id) sessions.add(l.session_id);
      if (l.email) emails.add(l.email);
      if (l.phone) phones.add(l.phone);
    }
    const bySession = named ? sql`session_id = ${named} or ${conversationReferenceSql(sql`session_id`)} = ${named}` : sql`false`;
    const conversationRows = resultRows<{ id: number; session_id: string; lead_id: number | null; email: string | null; phone: string | null }>(
      await db.execute(sql`
        select id, session_id, lead_id, lower(lead_data->>'email') as email, lead_data->>'phone' as phone from conversations
        where school_id = ${schoolId} and (${bySession} or ${oneOf(sql`id`, [...conversationIds])}
          or ${oneOf(sql`lead_id`, [...leadIds])} or ${oneOf(sql`session_id`, [...sessions])}
          or ${oneOf(sql`lower(lead_data->>'email')`, [...emails])} or ${oneOf(sql`lead_data->>'phone'`, [...phones])})`),
    );
    for (const c of conversationRows) {
      conversationIds.add(Number(c.id));
      sessions.add(c.session_id);
      if (c.lead_id !== null) leadIds.add(Number(c.lead_id));
      if (c.email) emails.add(c.email);
      if (c.phone) phones.add(c.phone);
    }
    // A lead id that matched no lead of this school stays out (another school's lead is not this person).
    if (size() === before) break;
  }
  const existing = leadIds.size
    ? new Set(resultRows<{ id: number }>(await db.execute(sql`select id from leads where school_id = ${schoolId} and ${oneOf(sql`id`, [...leadIds])}`)).map((r) => Number(r.id)))
    : new Set<number>();
  return {
    leadIds: [...leadIds].filter((id) => existing.has(id)),
    conversationIds: [...conversationIds],
    sessionIds: [...sessions],
    references: [...sessions].map((s) => conversationReference(s)),
    emails: [...emails],
    phones: [...phones],
  };
}

/** The national digits of a phone number (+16145550199 → 6145550199), as mail might print it in any format. */
export const phoneDigits = (e164: string) => e164.replace(/^\+1(?=\d{10}$)/, '').replace(/\D/g, '');

/** A phone column kept as typed (a prospect list's "614-555-0177") holding one of the person's numbers. */
export function phoneIn(column: SQL, phones: readonly string[]): SQL {
  const digits = phones.map(phoneDigits).filter((d) => d.length >= 7);
  const forms = [...digits, ...digits.map((d) => `1${d}`)];
  return forms.length ? oneOf(sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`, forms) : sql`false`;
}

/**
 * Whether a text column mentions the person: one of their addresses, numbers (in any punctuation)
 * or conversation references. For copies written before they named their records.
 */
export function mentions(column: SQL, p: Person): SQL {
  const parts: SQL[] = [];
  for (const e of p.emails) parts.push(sql`strpos(lower(${column}), ${e}) > 0`);
  for (const r of p.references) parts.push(sql`strpos(${column}, ${r}) > 0`);
  for (const ph of p.phones) {
    const digits = phoneDigits(ph);
    if (digits.length >= 7) parts.push(sql`strpos(regexp_replace(${column}, '[^0-9]', '', 'g'), ${digits}) > 0`);
  }
  return parts.length ? sql`(${column} is not null and (${sql.join(parts, sql` or `)}))` : sql`false`;
}

/**
 * The school's mail about the person (a mail_outbox condition): named by its records (mailAbout), or
 * mentioning them in its recipient, subject or body (a digest names its visitors in its text). What
 * an erasure deletes and what subject data lists.
 */
export function mailOf(schoolId: number, p: Person): SQL {
  const keys = mailAbout({ leads: p.leadIds, conversations: p.conversationIds });
  const named = keys.length ? sql`about && array[${sql.join(keys.map((k) => sql`${k}`), sql`, `)}]::text[]` : sql`false`;
  return sql`school_id = ${schoolId} and (${named} or ${mentions(sql`to_address`, p)} or ${mentions(sql`subject`, p)} or ${mentions(sql`text_body`, p)} or ${mentions(sql`html_body`, p)})`;
}
