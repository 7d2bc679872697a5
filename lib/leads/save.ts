import 'server-only';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { getDb, type Executor } from '@/db/client';
import { leads, type LeadSource } from '@/db/schema';
import { stripBidiControls } from '@/lib/text/controls';
import { recordConsents } from './consents';
import type { LeadSavedEvent } from './events';
import { LEAD_SAVED_SUBSCRIBERS } from './subscribers';
import type { LeadData, LeadFieldKey } from './fields';

// Leads in one place: every lead is created or updated here, whether it comes from the
// conversation, the quick info card, a handoff or staff. A lead is created the moment
// a session's details meet the school's minimum requirements, and updated as more arrive. The same
// person coming back in a new session (same e-mail or phone) is the same lead, one conversation more.
// Each save ends with the "lead saved" point (./events.ts), inside the save's transaction.

type LeadColumns = Partial<typeof leads.$inferInsert>;

function columnsOf(data: LeadData): LeadColumns {
  const d = data as Partial<Record<LeadFieldKey, unknown>>;
  // Bidirectional controls never reach a lead, whichever way its details came (the chat's own reading included).
  const str = (k: LeadFieldKey) => {
    const v = typeof d[k] === 'string' ? stripBidiControls(d[k] as string).trim() : '';
    return v || undefined;
  };
  const num = (k: LeadFieldKey) => (typeof d[k] === 'number' && Number.isFinite(d[k]) ? (d[k] as number) : undefined);
  const bool = (k: LeadFieldKey) => (typeof d[k] === 'boolean' ? (d[k] as boolean) : undefined);
  const cols: LeadColumns = {
    firstName: str('first_name'),
    lastName: str('last_name'),
    preferredName: str('preferred_name'),
    email: str('email')?.toLowerCase(),
    phone: str('phone'),
    phoneType: str('phone_type'),
    graduationYear: num('graduation_year'),
    intendedMajor: Array.isArray(d.intended_major) && d.intended_major.length ? (d.intended_major as string[]).map(stripBidiControls) : undefined,
    degreeLevel: str('degree_level'),
    stateProvince: str('state_province'),
    parentEmail: str('parent_email')?.toLowerCase(),
    parentPhone: str('parent_phone'),
    dateOfBirth: str('date_of_birth'),
    gpa: num('gpa'),
    optInEmail: bool('opt_in_email'),
    optInSms: bool('opt_in_sms'),
    optInPhone: bool('opt_in_phone'),
  };
  return Object.fromEntries(Object.entries(cols).filter(([, v]) => v !== undefined)) as LeadColumns;
}

export type SavedLead = { id: number; created: boolean };

export type LeadToSave = {
  schoolId: number;
  sessionId: string;
  source: LeadSource;
  data: LeadData;
  isTest: boolean;
  /** The visitor asked for a person at this time (kept when it was asked before). */
  handoffAt?: Date;
};

/** Creates or updates the lead of this session, in the caller's transaction when given one; answers its id and whether it is new. */
export async function saveLead(p: LeadToSave, tx?: Executor): Promise<SavedLead> {
  if (!tx) return (await getDb()).transaction((t) => saveLead(p, t));
  const saved = await upsert(tx, p);
  await recordConsents(tx, p.schoolId, saved.id, p.source, p.data as Record<string, unknown>);
  await leadSaved(tx, { ...saved, schoolId: p.schoolId, source: p.source, isTest: p.isTest });
  return saved;
}

/** Columns of a lead as staff enter or change them (lib/leads/manage.ts validates them first). */
export type StaffLeadColumns = Partial<typeof leads.$inferInsert>;

/**
 * A lead staff entered (no `id`) or changed (`id`), in the caller's transaction; answers its id
 * and source, or null when the school has no such lead (test leads are never changed).
 */
export async function saveStaffLead(tx: Executor, schoolId: number, columns: StaffLeadColumns, id?: number): Promise<{ id: number; source: LeadSource } | null> {
  const [row] =
    id === undefined
      ? await tx.insert(leads).values({ ...columns, schoolId, source: 'staff_entry', isTest: false, conversationCount: 0 }).returning({ id: leads.id, source: leads.source })
      : await tx
          .update(leads)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(and(eq(leads.id, id), eq(leads.schoolId, schoolId), eq(leads.isTest, false)))
          .returning({ id: leads.id, source: leads.source });
  if (!row) return null;
  await recordConsents(tx, schoolId, row.id, 'staff_entry', { opt_in_email: columns.optInEmail, opt_in_sms: columns.optInSms, opt_in_phone: columns.optInPhone });
  await leadSaved(tx, { id: row.id, created: id === undefined, schoolId, source: row.source, isTest: false });
  return row;
}

/** The "lead saved" point: every subscriber (./events.ts), in the transaction that wrote the lead. */
async function leadSaved(tx: Executor, event: LeadSavedEvent): Promise<void> {
  for (const subscriber of LEAD_SAVED_SUBSCRIBERS) await subscriber.run(tx, event);
}

async function upsert(db: Executor, p: LeadToSave): Promise<SavedLead> {
  const cols = { ...columnsOf(p.data), ...(p.handoffAt ? { handoffAt: sql`coalesce(${leads.handoffAt}, ${p.handoffAt.toISOString()}::timestamptz)` } : {}) };
  const now = new Date();
  const [own] = await db.select({ id: leads.id }).from(leads).where(and(eq(leads.schoolId, p.schoolId), eq(leads.sessionId, p.sessionId))).limit(1);
  if (own) {
    await db.update(leads).set({ ...cols, updatedAt: now, lastInteractionAt: now }).where(and(eq(leads.id, own.id), eq(leads.schoolId, p.schoolId)));
    return { id: own.id, created: false };
  }
  const same = [cols.email ? sql`lower(${leads.email}) = ${cols.email}` : undefined, cols.phone ? eq(leads.phone, cols.phone) : undefined].filter(Boolean);
  if (same.length) {
    const [returning] = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.schoolId, p.schoolId), eq(leads.isTest, p.isTest), or(...same), ne(leads.sessionId, p.sessionId)))
      .orderBy(sql`${leads.lastInteractionAt} desc`)
      .limit(1);
    if (returning) {
      await db
        .update(leads)
        .set({ ...cols, sessionId: p.sessionId, conversationCount: sql`${leads.conversationCount} + 1`, updatedAt: now, lastInteractionAt: now })
        .where(and(eq(leads.id, returning.id), eq(leads.schoolId, p.schoolId)));
      return { id: returning.id, created: false };
    }
  }
  const [row] = await db
    .insert(leads)
    .values({ schoolId: p.schoolId, sessionId: p.sessionId, source: p.source, isTest: p.isTest, ...cols, ...(p.handoffAt ? { handoffAt: p.handoffAt } : {}) })
    .onConflictDoUpdate({ target: [leads.schoolId, leads.sessionId], set: { ...cols, updatedAt: now, lastInteractionAt: now } })
    .returning({ id: leads.id, createdAt: leads.createdAt, updatedAt: leads.updatedAt });
  return { id: row!.id, created: row!.createdAt.getTime() === row!.updatedAt.getTime() };
}
