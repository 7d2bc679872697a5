import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { conversations } from '@/db/schema';
import { schoolOfficeAddress } from '@/lib/chat/handoff';
import { changeLiveState } from '@/lib/conversations/log';
import { conversationReference } from '@/lib/conversations/reference';
import { visitorName } from '@/lib/conversations/visitor-name';
import { mailAbout, queueMail } from '@/lib/mail/outbox';
import { stripBidiControls } from '@/lib/text/controls';
import { LIVE_EVENT_TEXT } from './events';
import { schoolLiveSettings } from './settings';
import { expireWait } from './visitor';

/** A visitor's words on one mail line: no line breaks, controls or direction overrides. */
const oneLine = (text: string) => stripBidiControls(text).replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

// Live chat's clock, run every minute (lib/live/jobs.ts): waits that ran out end (the visitor gets
// the form), the school gets one e-mail per sweep listing every visitor who waited in vain since
// the last, and a conversation whose staff member's Live view has been gone for the wait goes back
// to waiting (the visitor is told).

/** Visitors named in one digest; the rest are counted. */
const DIGEST_NAMES = 50;

export async function sweepLive(now = new Date()): Promise<{ expired: number; dropped: number; digests: number }> {
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
  for (const c of due) if (await expireWait(Number(c.school_id), Number(c.id))) expired += 1;

  const schools = resultRows<{ school_id: number }>(await db.execute(sql`select distinct school_id from conversations where live_missed_pending`));
  let digests = 0;
  for (const s of schools) if (await mailMissedDigest(Number(s.school_id))) digests += 1;

  // Back to waiting, each with its line in the transcript, in one transaction.
  const dropped = await changeLiveState(async (tx) => {
    const rows = resultRows<{ id: number; school_id: number; session_id: string; held_name: string | null }>(
      await tx.execute(sql`
      update conversations c set live_status = 'waiting', live_waiting_since = ${at}::timestamptz, live_held_by = null
      from (
        select c2.id, u.first_name as held_name from conversations c2
        left join users u on u.id = c2.live_held_by
        left join live_chat_settings s on s.school_id = c2.school_id
        where c2.live_status = 'active' and not exists (
          select 1 from live_presence p
          where p.school_id = c2.school_id and p.user_id = c2.live_held_by
            and p.seen_at > ${at}::timestamptz - make_interval(mins => coalesce(s.wait_minutes, 3)))
        limit 500
      ) gone
      where c.id = gone.id and c.live_status = 'active'
      returning c.id, c.school_id, c.session_id, gone.held_name`),
    );
    return rows.map((c) => ({ school: Number(c.school_id), conversation: Number(c.id), session: c.session_id, status: 'dropped' as const, line: { role: 'system', text: LIVE_EVENT_TEXT.dropped(c.held_name) } }));
  });
  return { expired, dropped: dropped.length, digests };
}

/**
 * One e-mail for every visitor of the school whose wait ran out since the last digest, queued in the
 * transaction that marks them reported (a digest is sent once, and no visitor is left out).
 */
async function mailMissedDigest(schoolId: number): Promise<boolean> {
  const db = await getDb();
  // Read before the transaction: PGlite has one session, which the transaction holds.
  const settings = await schoolLiveSettings(schoolId);
  return db.transaction(async (tx) => {
    const missed = resultRows<{ id: number; session_id: string; lead_data: Record<string, unknown> | null; since: string | Date | null; source: string; last_words: string | null }>(
      await tx.execute(sql`
        select c.id, c.session_id, c.lead_data, c.live_waiting_since as since, c.source,
               (select m.content from conversation_messages m where m.conversation_id = c.id and m.role = 'user' order by m.position desc limit 1) as last_words
        from conversations c
        where c.school_id = ${schoolId} and c.live_missed_pending
        order by c.live_waiting_since nulls last, c.id
        for update of c skip locked`),
    );
    if (!missed.length) return false;
    await tx.update(conversations).set({ liveMissedPending: false }).where(and(eq(conversations.schoolId, schoolId), inArray(conversations.id, missed.map((m) => Number(m.id)))));
    const to = settings.notify_email ?? (await schoolOfficeAddress(schoolId, tx));
    if (!to) return false;
    const clock = new Intl.DateTimeFormat('en-US', { timeZone: settings.time_zone, hour: 'numeric', minute: '2-digit' });
    const names = missed.map((m) => visitorName(m.lead_data, conversationReference(m.session_id)));
    // What each visitor last wrote (their request, often with their question in it), on one line.
    const words = (text: string | null) => (text ? `: "${oneLine(text).slice(0, 200)}${text.length > 200 ? '…' : ''}"` : '');
    const lines = missed.slice(0, DIGEST_NAMES).map((m, i) => `- ${names[i]}${m.since ? `, asked at ${clock.format(new Date(m.since))}` : ''}${words(m.last_words)}`);
    if (missed.length > DIGEST_NAMES) lines.push(`- and ${missed.length - DIGEST_NAMES} more`);
    const n = missed.length;
    const test = missed.every((m) => m.source === 'test_chat') ? '[Test chat] ' : '';
    await queueMail(
      {
        to,
        kind: 'live_missed',
        about: mailAbout({ conversations: missed.map((m) => Number(m.id)) }),
        schoolId,
        subject: n === 1 ? `${test}A visitor waited for a person in live chat: ${names[0]}` : `${test}${n} visitors waited for a person in live chat`,
        text: [
          `${n === 1 ? 'A visitor' : `${n} visitors`} asked to talk to a person on ${settings.school_name}'s website and waited ${settings.wait_minutes} minute${settings.wait_minutes === 1 ? '' : 's'}, but nobody joined:`,
          '',
          ...lines,
          '',
          'They were offered the form to leave their details; if they send it, its e-mail follows with the conversation.',
          'The conversations are in Lantern under Chatbot > Logs.',
        ].join('\n'),
      },
      tx,
    );
    return true;
  });
}
