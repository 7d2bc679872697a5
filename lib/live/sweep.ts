import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { publish } from './bus';
import { expireWait } from './visitor';

// Live chat's clock, run every minute (lib/live/jobs.ts): waits that ran out end (the visitor gets
// the form, the school an e-mail), and a conversation whose staff member's Live view has been gone
// for the wait goes back to waiting (the visitor is told).

export async function sweepLive(now = new Date()): Promise<{ expired: number; dropped: number }> {
  const db = await getDb();
  const at = now.toISOString();
  const due = resultRows<{ id: number; school_id: number }>(
    await db.execute(sql`
      select c.id, c.school_id from conversations c
      left join live_chat_settings s on s.school_id = c.school_id
      where c.live_status = 'waiting' and c.live_waiting_since + make_interval(mins => coalesce(s.wait_minutes, 3)) <= ${at}::timestamptz
      limit 500`),
  );
  let expired = 0;
  for (const c of due) if (await expireWait(Number(c.school_id), Number(c.id), now)) expired += 1;

  const dropped = resultRows<{ id: number; school_id: number; session_id: string }>(
    await db.execute(sql`
      update conversations c set live_status = 'waiting', live_waiting_since = ${at}::timestamptz, live_held_by = null
      from (
        select c2.id from conversations c2
        left join live_chat_settings s on s.school_id = c2.school_id
        where c2.live_status = 'active' and not exists (
          select 1 from live_presence p
          where p.school_id = c2.school_id and p.user_id = c2.live_held_by
            and p.seen_at > ${at}::timestamptz - make_interval(mins => coalesce(s.wait_minutes, 3)))
        limit 500
      ) gone
      where c.id = gone.id and c.live_status = 'active'
      returning c.id, c.school_id, c.session_id`),
  );
  for (const c of dropped) await publish({ school: Number(c.school_id), conversation: Number(c.id), session: c.session_id, kind: 'queue', status: 'dropped' });
  return { expired, dropped: dropped.length };
}
