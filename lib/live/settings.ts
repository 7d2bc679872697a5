import 'server-only';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { liveChatSettings, livePresence, schools, users, type OfficeHours } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { nextOpening, withinOfficeHours } from './hours';
import { PRESENCE_LAPSE_MS, WAIT_MINUTES_DEFAULT, type LiveSettings } from './schema';

// Live chat's settings (the Live Chat tab) and who is available (the Live view).

export type LiveSettingsView = { enabled: boolean; office_hours: OfficeHours[]; wait_minutes: number; notify_email: string | null; time_zone: string };

/** The settings with the school's name, for the service's own messages. */
type SchoolLiveSettings = LiveSettingsView & { school_name: string };

/** Defaults before the school saves anything: off, Monday to Friday 9 to 5, a three-minute wait. */
export const DEFAULT_OFFICE_HOURS: OfficeHours[] = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));

/** The settings the visitor's request reads: one statement, with the school's time zone. */
export async function schoolLiveSettings(schoolId: number): Promise<SchoolLiveSettings> {
  const db = await getDb();
  const [row] = await db
    .select({ enabled: liveChatSettings.enabled, officeHours: liveChatSettings.officeHours, waitMinutes: liveChatSettings.waitMinutes, notifyEmail: liveChatSettings.notifyEmail, timeZone: schools.timeZone, schoolName: schools.name })
    .from(schools)
    .leftJoin(liveChatSettings, eq(liveChatSettings.schoolId, schools.id))
    .where(eq(schools.id, schoolId))
    .limit(1);
  return {
    enabled: row?.enabled ?? false,
    office_hours: row?.officeHours ?? DEFAULT_OFFICE_HOURS,
    wait_minutes: row?.waitMinutes ?? WAIT_MINUTES_DEFAULT,
    notify_email: row?.notifyEmail ?? null,
    time_zone: row?.timeZone ?? 'UTC',
    school_name: row?.schoolName ?? 'your school',
  };
}

/** GET /live/settings. */
export async function liveSettings(ctx: AuthContext): Promise<LiveSettingsView> {
  const s = await schoolLiveSettings(requireSchoolId(ctx));
  return { enabled: s.enabled, office_hours: s.office_hours, wait_minutes: s.wait_minutes, notify_email: s.notify_email, time_zone: s.time_zone };
}

/** PUT /live/settings: the whole object (the tab saves it as one). */
export async function saveLiveSettings(ctx: AuthContext, input: LiveSettings): Promise<LiveSettingsView> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  // One span per weekday and start, in weekday order: the list reads as the week does.
  const hours = [...new Map(input.office_hours.map((h) => [`${h.day} ${h.start}`, h])).values()].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
  const values = { enabled: input.enabled, officeHours: hours, waitMinutes: input.wait_minutes, notifyEmail: input.notify_email, updatedAt: new Date() };
  await db.insert(liveChatSettings).values({ schoolId, ...values }).onConflictDoUpdate({ target: liveChatSettings.schoolId, set: values });
  return liveSettings(ctx);
}

/**
 * Who may chat with visitors: anyone working in the school, its staff and a superuser working in it
 * (a new school's first account is often the platform's superuser: docs/decisions.md).
 */
export function assertMayChat(ctx: AuthContext): number {
  return requireSchoolId(ctx);
}

/** PUT /live/availability. */
export async function setAvailability(ctx: AuthContext, available: boolean): Promise<{ available: boolean }> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  await db
    .insert(livePresence)
    .values({ schoolId, userId: ctx.user.id, available, seenAt: new Date() })
    .onConflictDoUpdate({ target: [livePresence.schoolId, livePresence.userId], set: { available, seenAt: sql`now()` } });
  return { available };
}

export type MyAvailability = { available: boolean; within_hours: boolean; next_open: string | null; time_zone: string };

/**
 * Whether this staff member said they are available (and their Live view was open lately), and
 * whether the school's office hours are on now (outside them visitors get the form whoever is available).
 */
export async function myAvailability(ctx: AuthContext, now = new Date()): Promise<MyAvailability> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [[row], settings] = await Promise.all([
    db
      .select({ available: livePresence.available })
      .from(livePresence)
      .where(and(eq(livePresence.schoolId, schoolId), eq(livePresence.userId, ctx.user.id), gt(livePresence.seenAt, new Date(now.getTime() - PRESENCE_LAPSE_MS))))
      .limit(1),
    schoolLiveSettings(schoolId),
  ]);
  const within = withinOfficeHours(settings.office_hours, settings.time_zone, now);
  return { available: row?.available ?? false, within_hours: within, next_open: within ? null : (nextOpening(settings.office_hours, settings.time_zone, now)?.toISOString() ?? null), time_zone: settings.time_zone };
}

/** How many of the school's staff are available now. */
export async function availableStaff(schoolId: number, now = new Date()): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(livePresence)
    // Only accounts that can still sign in: a deactivated one's open view says nothing.
    .innerJoin(users, and(eq(users.id, livePresence.userId), eq(users.isActive, true)))
    .where(and(eq(livePresence.schoolId, schoolId), eq(livePresence.available, true), gt(livePresence.seenAt, new Date(now.getTime() - PRESENCE_LAPSE_MS))));
  return row?.n ?? 0;
}

/** This staff member is here now (joining or writing counts, so a holder working through the API alone is not taken for gone). */
export async function markSeen(schoolId: number, userId: number): Promise<void> {
  const db = await getDb();
  await db
    .insert(livePresence)
    .values({ schoolId, userId, available: false, seenAt: new Date() })
    .onConflictDoUpdate({ target: [livePresence.schoolId, livePresence.userId], set: { seenAt: sql`now()` } });
}

/** Keeps the presence of staff with an open Live view fresh: one statement for all of this instance's. */
export async function touchPresence(viewers: { schoolId: number; userId: number }[]): Promise<void> {
  if (!viewers.length) return;
  const db = await getDb();
  const keys = [...new Set(viewers.map((v) => `${v.schoolId}:${v.userId}`))];
  const ids = [...new Set(viewers.map((v) => v.userId))];
  await db
    .update(livePresence)
    .set({ seenAt: sql`now()` })
    .where(and(inArray(livePresence.userId, ids), sql`(${livePresence.schoolId}::text || ':' || ${livePresence.userId}::text) = any(${`{${keys.join(',')}}`}::text[])`));
}
