// Run by tests/e2e/server.mjs on the fresh e2e database before the app starts (PGlite is one
// process): a school with conversations in every hour of the day over the last three weeks, so the
// overflow check (screens-overflow.spec.ts) draws Analytics, Reports and Logs with data whatever the
// hour the suite runs at. The school has no account; the test links one. Nothing else is touched:
// the install still has no user, as the first-run test expects.
import { closeDb, getDb } from '../../db/client';
import { conversationMessages, conversations, schools } from '../../db/schema';
import { AROUND_THE_CLOCK } from './seeded';

const db = await getDb();
const [school] = await db.insert(schools).values({ name: AROUND_THE_CLOCK, timeZone: 'America/Chicago' }).returning({ id: schools.id });
const now = Date.now();
const HOUR = 3_600_000;
// 21 days × 24 hours, a few each hour (more in the afternoon), every one engaged with a question and an answer.
for (let day = 1; day <= 21; day++) {
  const rows = [];
  for (let hour = 0; hour < 24; hour++) {
    const count = 1 + ((day + hour) % 3) + (hour >= 13 && hour <= 16 ? 3 : 0);
    for (let i = 0; i < count; i++) {
      const started = new Date(now - day * 24 * HOUR - hour * HOUR - i * 60_000);
      rows.push({ schoolId: school!.id, sessionId: `around-${day}-${hour}-${i}`, status: 'engaged' as const, startedAt: started, endedAt: new Date(started.getTime() + 4 * 60_000), widgetOpenedAt: started, engagedAt: started, messageCount: 2 });
    }
  }
  const made = await db.insert(conversations).values(rows).returning({ id: conversations.id, startedAt: conversations.startedAt });
  await db.insert(conversationMessages).values(
    made.flatMap((c) => [
      { conversationId: c.id, schoolId: school!.id, position: 0, role: 'user' as const, content: 'When is the application deadline for the fall term?', createdAt: c.startedAt },
      { conversationId: c.id, schoolId: school!.id, position: 1, role: 'assistant' as const, content: 'The priority deadline for the fall term is February 1.', createdAt: new Date(c.startedAt.getTime() + 2000), responseTimeMs: 900 },
    ]),
  );
}
await closeDb();
console.log(`[e2e] seeded ${AROUND_THE_CLOCK}: conversations in every hour of the last 21 days`);
