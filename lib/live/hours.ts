import { Cron } from 'croner';
import type { OfficeHours } from '@/db/schema';

// Office hours are kept in the school's own time zone: "Monday 09:00–17:00" means 9 to 5 on the
// school's clock, whatever time zone the server or the visitor is in, across daylight saving.

const DAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

/** The weekday (0 Sunday) and "HH:MM" at `now` on the clock of `timeZone` (UTC when it is not one Intl knows). */
export function schoolClock(timeZone: string, now: Date): { day: number; time: string } {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    }
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return { day: DAYS[parts.weekday!] ?? 0, time: `${parts.hour}:${parts.minute}` };
}

/** Whether `now` falls in the school's office hours; no hours at all: any time (availability alone decides). */
export function withinOfficeHours(hours: OfficeHours[], timeZone: string, now: Date): boolean {
  if (!hours.length) return true;
  const { day, time } = schoolClock(timeZone, now);
  return hours.some((h) => h.day === day && time >= h.start && time < h.end);
}

/**
 * When the school's office hours next begin after `now` (a span's start on the school's clock, as
 * croner reads a weekly schedule in that time zone, daylight saving included); null without hours.
 */
export function nextOpening(hours: OfficeHours[], timeZone: string, now: Date): Date | null {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    zone = 'UTC';
  }
  const starts = hours.map((h) => {
    const [hh, mm] = h.start.split(':');
    return new Cron(`${Number(mm)} ${Number(hh)} * * ${h.day}`, { timezone: zone, paused: true }).nextRun(now);
  });
  return starts.reduce<Date | null>((first, d) => (d && (!first || d < first) ? d : first), null);
}
