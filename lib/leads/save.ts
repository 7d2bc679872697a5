import 'server-only';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { getDb, type Database, type Executor } from '@/db/client';
import { leads, type LeadSource } from '@/db/schema';
import { stripBidiControls } from '@/lib/text/controls';
import type { LeadData, LeadFieldKey } from './fields';

// Leads in one place (issue 16): every lead is created or updated here, whether it comes from the
// conversation, the quick info card, or later from staff and imports. A lead is created the moment
// a session's details meet the school's minimum requirements, and updated as more arrive. The same
// person coming back in a new session (same e-mail or phone) is the same lead, one conversation more.
// Each save ends with the "lead saved" point, inside the save's transaction.

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

export type LeadToSave = { schoolId: number; sessionId: string; source: LeadSource; data: LeadData; isTest: boolean };

/** What the "lead saved" point tells its listeners. */
export type LeadSavedEvent = SavedLead & { schoolId: number; source: LeadSource; isTest: boolean };
type LeadSavedListener = (tx: Database, lead: LeadSavedEvent) => Promise<void>;

// One set per process, on globalThis: Next.js may load this module once per bundle (instrumentation,
// routes), and a listener registered from any of them must hear every save.
const listenersKey = Symbol.for('lantern.leadSavedListeners');
const listeners = ((globalThis as { [listenersKey]?: Set<LeadSavedListener> })[listenersKey] ??= new Set<LeadSavedListener>());

/**
 * Work that must follow every saved lead (the CRM delivery queues its job here) runs inside the
 * save's transaction: if it fails, the lead is not saved either, so nothing is ever half done.
 * Answers a function that removes the listener.
 */
export function onLeadSaved(listener: LeadSavedListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Creates or updates the lead of this session, in the caller's transaction when given one; answers its id and whether it is new. */
export async function saveLead(p: LeadToSave, tx?: Executor): Promise<SavedLead> {
  if (!tx) return (await getDb()).transaction((t) => saveLead(p, t));
  const saved = await upsert(tx, p);
  await announceLeadSaved(tx, { ...saved, schoolId: p.schoolId, source: p.source, isTest: p.isTest });
  return saved;
}

/**
 * The "lead saved" point: runs every listener in the caller's transaction (the one that wrote the
 * lead). Chat capture, the quick info card and staff creating or editing a lead all end here.
 */
export async function announceLeadSaved(tx: Database, event: LeadSavedEvent): Promise<void> {
  for (const listener of listeners) await listener(tx, event);
}

async function upsert(db: Database, p: LeadToSave): Promise<SavedLead> {
  const cols = columnsOf(p.data);
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
    .values({ schoolId: p.schoolId, sessionId: p.sessionId, source: p.source, isTest: p.isTest, ...cols })
    .onConflictDoUpdate({ target: [leads.schoolId, leads.sessionId], set: { ...cols, updatedAt: now, lastInteractionAt: now } })
    .returning({ id: leads.id, createdAt: leads.createdAt, updatedAt: leads.updatedAt });
  return { id: row!.id, created: row!.createdAt.getTime() === row!.updatedAt.getTime() };
}
