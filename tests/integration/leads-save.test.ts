import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { leads } from '@/db/schema';
import { saveLead } from '@/lib/leads/save';
import { afterLeadSaved } from './lead-saved';
import { createSchool } from './http';

// Every lead is saved by lib/leads, and the "lead saved" point runs inside the
// save's transaction, so work queued there (the CRM delivery) is never lost or left half done.

const leadsOf = async (schoolId: number) => (await getDb()).select().from(leads).where(eq(leads.schoolId, schoolId));

describe('saving a lead', () => {
  it('tells the lead-saved listeners inside the transaction, with the lead already visible there', async () => {
    const schoolId = await createSchool('Save College');
    const seen: { id: number; created: boolean; visible: number }[] = [];
    const off = afterLeadSaved(async (tx, lead) => {
      const rows = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, lead.id));
      seen.push({ id: lead.id, created: lead.created, visible: rows.length });
    });
    try {
      const first = await saveLead({ schoolId, sessionId: 's-1', source: 'chatbot_conversation', data: { first_name: 'Ana', email: 'ana@example.com' }, isTest: false });
      const again = await saveLead({ schoolId, sessionId: 's-1', source: 'chatbot_conversation', data: { last_name: 'Lopez' }, isTest: false });
      expect(first.created).toBe(true);
      expect(again).toEqual({ id: first.id, created: false });
      expect(seen).toEqual([
        { id: first.id, created: true, visible: 1 },
        { id: first.id, created: false, visible: 1 },
      ]);
      expect((await leadsOf(schoolId))[0]).toMatchObject({ firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com' });
    } finally {
      off();
    }
  });

  it('saves nothing when a listener fails, or when the caller’s transaction rolls back', async () => {
    const schoolId = await createSchool('Rollback College');
    const off = afterLeadSaved(async () => {
      throw new Error('the CRM queue is unavailable');
    });
    try {
      await expect(saveLead({ schoolId, sessionId: 's-2', source: 'chatbot_quickinfocard', data: { email: 'bo@example.com' }, isTest: false })).rejects.toThrow('the CRM queue is unavailable');
    } finally {
      off();
    }
    expect(await leadsOf(schoolId)).toEqual([]);

    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await saveLead({ schoolId, sessionId: 's-3', source: 'chatbot_quickinfocard', data: { email: 'cy@example.com' }, isTest: false }, tx);
        throw new Error('the conversation row failed');
      }),
    ).rejects.toThrow('the conversation row failed');
    expect(await leadsOf(schoolId)).toEqual([]);
  });
});
