import 'server-only';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversations } from '@/db/schema';
import type { WidgetCaller } from '@/lib/widget/access';
import { withinOfficeHours } from './hours';
import { availableStaff, schoolLiveSettings } from './settings';

// "The admissions team usually replies within N minutes" under the widget's header: N read from the
// school's own live chats, shown only while a visitor asking now could get a person (live chat on,
// office hours, someone available), so the promise is never made when nobody can keep it.

/** The live chats the figure is read from: those a person first joined in the last 30 days. */
export const REPLY_WINDOW_DAYS = 30;
/** Fewer chats than this say too little: no figure. */
export const REPLY_MIN_CHATS = 5;
/** The month's figure moves slowly: read at most once a minute per school and instance (the config is read on every page view). */
const CACHE_MS = 60_000;
const cache = new Map<number, { at: number; minutes: number | null }>();

/**
 * The typical wait, from the visitor's request for a person to a staff member joining: the median
 * of `waits` (seconds) rounded up to whole minutes, at least 1; null with fewer than REPLY_MIN_CHATS.
 */
export function typicalReplyMinutes(waits: number[]): number | null {
  const sorted = waits.filter((w) => Number.isFinite(w) && w >= 0).sort((a, b) => a - b);
  if (sorted.length < REPLY_MIN_CHATS) return null;
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.max(1, Math.ceil(median / 60));
}

/** The waits (seconds) of the school's widget chats a person first joined in the window; the request is the conversation's first ask for a person (handoff_at). */
async function recentWaits(schoolId: number, now: Date): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ wait: sql<string | number>`extract(epoch from ${conversations.liveJoinedAt} - ${conversations.handoffAt})` })
    .from(conversations)
    .where(
      and(
        eq(conversations.schoolId, schoolId),
        // The live chats' partial index (conversations_live_idx) finds them without a scan.
        isNotNull(conversations.liveStatus),
        eq(conversations.source, 'widget'),
        isNotNull(conversations.handoffAt),
        gt(conversations.liveJoinedAt, new Date(now.getTime() - REPLY_WINDOW_DAYS * 86_400_000)),
      ),
    );
  return rows.map((r) => Number(r.wait));
}

/**
 * GET /api/widget/config's live_reply_minutes: the school's typical reply time while someone could
 * reply now, else null. The config is read on every page view: the month's figure comes first, from
 * the cache, so a school without one (most: too few chats) costs no query; settings and availability
 * are read only when there is a figure to show.
 */
export async function liveReplyMinutes(caller: WidgetCaller, now = new Date()): Promise<number | null> {
  const minutes = await monthFigure(caller.schoolId, now);
  if (minutes === null) return null;
  const settings = await schoolLiveSettings(caller.schoolId);
  if (!settings.enabled || !caller.logging || !withinOfficeHours(settings.office_hours, settings.time_zone, now)) return null;
  return (await availableStaff(caller.schoolId, now)) ? minutes : null;
}

/** The month's figure for a school, read at most once a minute per instance. */
async function monthFigure(schoolId: number, now: Date): Promise<number | null> {
  const kept = cache.get(schoolId);
  if (kept && now.getTime() - kept.at < CACHE_MS && kept.at <= now.getTime()) return kept.minutes;
  const minutes = typicalReplyMinutes(await recentWaits(schoolId, now));
  if (cache.size > 5000) cache.clear();
  cache.set(schoolId, { at: now.getTime(), minutes });
  return minutes;
}
