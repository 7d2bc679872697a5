import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDb, resultRows } from '@/db/client';
import { conversationDailyStats, conversationMessages, conversations, leads, schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { analyzeConversationTurns } from '@/lib/analytics/turn-analysis';
import { ROLLUP_VERSION, rollupSchoolDays, schoolDays } from '@/lib/analytics/rollup';
import { analyticsSummary, conversationAnalyticsSummary } from '@/lib/analytics/summary';

// The Analytics summaries read closed days from the daily rollup and count the rest live. Whatever
// the data, the time zone and which days are rolled up, the answer is the one counted live.

const DAY = 86_400_000;
const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Sydney'];
const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
const TOPICS = ['admissions', 'financial_aid', 'campus_life', 'athletics'];

/** Only the school matters to the summaries. */
const staff = (schoolId: number) => ({ schoolId, role: 'admin' }) as unknown as AuthContext;

const messageArb = fc.record({
  gap: fc.integer({ min: 1, max: 4 * 3600 }),
  content: fc.string({ maxLength: 40 }),
  rt: fc.option(fc.integer({ min: 1, max: 9000 }), { nil: null }),
  sentiment: fc.option(fc.constantFrom(...SENTIMENTS), { nil: null }),
  topics: fc.subarray(TOPICS, { maxLength: 2 }),
});
const sessionArb = fc.record({
  age: fc.integer({ min: 0, max: 40 * 86_400 }),
  status: fc.constantFrom('widget_loaded' as const, 'opened' as const, 'engaged' as const),
  test: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  seconds: fc.integer({ min: 0, max: 7200 }),
  handoff: fc.boolean(),
  messages: fc.array(messageArb, { maxLength: 4 }),
  lead: fc.option(fc.record({ after: fc.integer({ min: 0, max: 9000 }), test: fc.boolean(), email: fc.boolean(), phone: fc.boolean() }), { nil: null }),
});
const leadArb = fc.record({
  age: fc.integer({ min: 0, max: 40 * 86_400 }),
  source: fc.constantFrom('chatbot_conversation' as const, 'chatbot_quickinfocard' as const, 'staff_entry' as const),
  email: fc.boolean(),
  phone: fc.boolean(),
  test: fc.boolean(),
});

type Session = typeof sessionArb extends fc.Arbitrary<infer T> ? T : never;
type Lead = typeof leadArb extends fc.Arbitrary<infer T> ? T : never;

let seq = 0;

/** A school in `tz` with the given sessions and standalone leads, ages counted back from `now` in seconds. */
async function school(tz: string, sessions: Session[], extra: Lead[], now: number): Promise<number> {
  const db = await getDb();
  const [s] = await db.insert(schools).values({ name: `Rollup ${++seq}`, timeZone: tz }).returning({ id: schools.id });
  const schoolId = s!.id;
  for (const [i, x] of sessions.entries()) {
    const start = now - x.age * 1000;
    const leadId = x.lead
      ? (
          await db
            .insert(leads)
            .values({
              schoolId, firstName: 'L', source: 'chatbot_conversation', isTest: x.lead.test, createdAt: new Date(Math.min(now, start + x.lead.after * 1000)),
              email: x.lead.email ? `l${i}@example.com` : null, phone: x.lead.phone ? '555-0100' : null,
            })
            .returning({ id: leads.id })
        )[0]!.id
      : null;
    const [c] = await db
      .insert(conversations)
      .values({
        schoolId, sessionId: `s${i}`, source: x.test ? 'test_chat' : 'widget', status: x.status, startedAt: new Date(start),
        endedAt: new Date(start + x.seconds * 1000), messageCount: x.messages.length, leadId, handoffAt: x.handoff ? new Date(start) : null,
      })
      .returning({ id: conversations.id });
    let t = start;
    const rows = x.messages.map((m, position) => {
      t = Math.min(now, t + m.gap * 1000);
      const role = position % 2 === 0 ? ('user' as const) : ('assistant' as const);
      const analysed = role === 'user' && m.sentiment !== null;
      return {
        conversationId: c!.id, schoolId, position, role, content: m.content, createdAt: new Date(t),
        responseTimeMs: role === 'assistant' ? m.rt : null,
        sentiment: analysed ? m.sentiment : null,
        topics: analysed ? m.topics.map((category) => ({ category, confidence: 0.8 })) : null,
        analyzedAt: analysed ? new Date(t) : null,
      };
    });
    if (rows.length > 0) await db.insert(conversationMessages).values(rows);
  }
  for (const l of extra) {
    await db.insert(leads).values({
      schoolId, firstName: 'X', source: l.source, isTest: l.test, createdAt: new Date(now - l.age * 1000),
      email: l.email ? 'x@example.com' : null, phone: l.phone ? '555-0101' : null,
    });
  }
  return schoolId;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

describe('Analytics over the rollup', () => {
  it('answers what live counting answers, whichever closed days are rolled up', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.array(sessionArb, { maxLength: 14 }),
        fc.array(leadArb, { maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 42 }), { maxLength: 42 }),
        fc.constantFrom(1, 7, 30, 45),
        async (tz, sessions, extra, rolledBack, days) => {
          const now = Date.now();
          const schoolId = await school(tz, sessions, extra, now);
          const local = (await schoolDays(schoolId, new Date(now)))!;
          // Some closed days rolled up (each alone: runs of live days with rolled days between).
          for (const back of new Set(rolledBack)) await rollupSchoolDays(schoolId, addDays(local.today, -back), addDays(local.today, -back));
          const at = new Date(now);
          expect(await analyticsSummary(staff(schoolId), at)).toEqual(await analyticsSummary(staff(schoolId), at, { live: true }));
          expect(await conversationAnalyticsSummary(staff(schoolId), { days }, at)).toEqual(
            await conversationAnalyticsSummary(staff(schoolId), { days }, at, { live: true }),
          );
        },
      ),
      { numRuns: 12 },
    );
  });

  it('reads closed days from the rollup, not from the raw rows', async () => {
    const now = Date.now();
    const session = (age: number): Session => ({
      age, status: 'engaged', test: false, seconds: 60, handoff: false, lead: null,
      messages: [{ gap: 1, content: 'Hello', rt: null, sentiment: 'positive', topics: ['admissions'] }],
    });
    const schoolId = await school('UTC', [session(3 * 86_400), session(3 * 86_400 + 60)], [], now);
    const local = (await schoolDays(schoolId, new Date(now)))!;
    await rollupSchoolDays(schoolId, addDays(local.today, -5), local.yesterday);
    const db = await getDb();
    const [rolled] = resultRows<Record<string, number>>(
      await db.execute(sql`
        select sum(conversations)::int as conversations, sum(engaged)::int as engaged, sum(messages_sent)::int as sent,
          sum(analyzed_turns)::int as analysed, min(rollup_version)::int as version
        from conversation_daily_stats where school_id = ${schoolId}`),
    );
    expect(rolled).toEqual({ conversations: 2, engaged: 2, sent: 2, analysed: 2, version: ROLLUP_VERSION });
    // The raw sessions go (retention): the closed day keeps its counts, as Reports keep them.
    await db.delete(conversations).where(eq(conversations.schoolId, schoolId));
    const summary = await analyticsSummary(staff(schoolId), new Date(now));
    expect(summary.total_conversations).toBe(2);
    expect(summary.avg_conversation_duration).toBe(60);
    expect((await conversationAnalyticsSummary(staff(schoolId), { days: 30 }, new Date(now))).total_analyzed_turns).toBe(2);
    expect((await analyticsSummary(staff(schoolId), new Date(now), { live: true })).total_conversations).toBe(0);
    // A row written by an older definition is counted live.
    await db.update(conversationDailyStats).set({ rollupVersion: ROLLUP_VERSION - 1 }).where(eq(conversationDailyStats.schoolId, schoolId));
    expect((await analyticsSummary(staff(schoolId), new Date(now))).total_conversations).toBe(0);
  });

  it('counts a closed day\'s visitor messages that turn analysis reaches after the rollup', async () => {
    const now = Date.now();
    const schoolId = await school('America/Los_Angeles', [
      { age: 2 * 86_400, status: 'engaged', test: false, seconds: 60, handoff: false, lead: null, messages: [
        { gap: 1, content: 'How much is tuition and is there financial aid?', rt: null, sentiment: null, topics: [] },
      ] },
    ], [], now);
    const local = (await schoolDays(schoolId, new Date(now)))!;
    await rollupSchoolDays(schoolId, addDays(local.today, -5), local.yesterday);
    const before = await conversationAnalyticsSummary(staff(schoolId), { days: 30 }, new Date(now));
    expect(before.total_analyzed_turns).toBe(0);
    await analyzeConversationTurns({ model: null });
    const after = await conversationAnalyticsSummary(staff(schoolId), { days: 30 }, new Date(now));
    expect(after.total_analyzed_turns).toBe(1);
    expect(after).toEqual(await conversationAnalyticsSummary(staff(schoolId), { days: 30 }, new Date(now), { live: true }));
    const [final] = resultRows<{ n: number }>(
      await (await getDb()).execute(sql`select count(*)::int as n from conversation_daily_stats where school_id = ${schoolId} and analyzed_turns = 1`),
    );
    expect(Number(final!.n)).toBe(1);
  });
});
