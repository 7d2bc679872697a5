import { describe, expect, it } from 'vitest';
import { nextOpening, schoolClock, withinOfficeHours } from '@/lib/live/hours';
import { liveSettingsSchema } from '@/lib/live/schema';

// Office hours are read on the school's clock, not the server's or the visitor's.

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));

describe('office hours', () => {
  it("reads the weekday and time on the school's clock across a date line", () => {
    // Monday 02:30 UTC is still Sunday 18:30 in Los Angeles (PST) and already Monday 11:30 in Tokyo.
    const at = new Date('2026-11-30T02:30:00Z');
    expect(schoolClock('America/Los_Angeles', at)).toEqual({ day: 0, time: '18:30' });
    expect(schoolClock('Asia/Tokyo', at)).toEqual({ day: 1, time: '11:30' });
    expect(withinOfficeHours(weekdays, 'America/Los_Angeles', at)).toBe(false);
    expect(withinOfficeHours(weekdays, 'Asia/Tokyo', at)).toBe(true);
    expect(withinOfficeHours(weekdays, 'UTC', at)).toBe(false);
  });

  it('follows daylight saving: 09:00 in New York is 13:00 UTC in summer and 14:00 in winter', () => {
    const hours = [{ day: 3, start: '09:00', end: '10:00' }];
    expect(withinOfficeHours(hours, 'America/New_York', new Date('2026-07-01T13:30:00Z'))).toBe(true);
    expect(withinOfficeHours(hours, 'America/New_York', new Date('2026-12-02T13:30:00Z'))).toBe(false);
    expect(withinOfficeHours(hours, 'America/New_York', new Date('2026-12-02T14:30:00Z'))).toBe(true);
  });

  it('the end is exclusive, midnight is 00:00, and no hours at all means any time', () => {
    const hours = [{ day: 2, start: '00:00', end: '17:00' }];
    expect(withinOfficeHours(hours, 'UTC', new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(withinOfficeHours(hours, 'UTC', new Date('2026-12-01T17:00:00Z'))).toBe(false);
    expect(withinOfficeHours([], 'UTC', new Date('2026-12-06T03:00:00Z'))).toBe(true);
  });

  it('an unknown time zone reads as UTC rather than failing the visitor', () => {
    expect(schoolClock('Mars/Olympus', new Date('2026-11-30T10:05:00Z'))).toEqual({ day: 1, time: '10:05' });
  });

  it('refuses spans that end before they start and days outside the week', () => {
    const parse = (office_hours: unknown) => liveSettingsSchema.safeParse({ enabled: true, office_hours, wait_minutes: 3 });
    expect(parse([{ day: 1, start: '09:00', end: '09:00' }]).success).toBe(false);
    expect(parse([{ day: -1, start: '09:00', end: '10:00' }]).success).toBe(false);
    expect(parse([{ day: 1, start: '24:00', end: '24:30' }]).success).toBe(false);
    expect(parse([{ day: 6, start: '10:00', end: '14:00' }]).success).toBe(true);
  });

  it('says when office hours next begin, on the school\'s clock across daylight saving (issue 48 item 4)', () => {
    // Thursday 11:20 pm in Columbus: Friday 9:00 there.
    expect(nextOpening(weekdays, 'America/New_York', new Date('2026-11-27T04:20:00Z'))?.toISOString()).toBe('2026-11-27T14:00:00.000Z');
    // Saturday afternoon: Monday.
    expect(nextOpening(weekdays, 'America/New_York', new Date('2026-11-28T15:00:00Z'))?.toISOString()).toBe('2026-11-30T14:00:00.000Z');
    // The Saturday before Berlin moves its clocks: Monday 9:00 is 07:00 UTC, no longer 08:00.
    expect(nextOpening(weekdays, 'Europe/Berlin', new Date('2026-03-28T12:00:00Z'))?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    // The earliest of several spans; none at all: null; an unknown zone reads as UTC.
    expect(nextOpening([{ day: 6, start: '10:30', end: '12:00' }, { day: 1, start: '08:00', end: '12:00' }], 'UTC', new Date('2026-11-27T12:00:00Z'))?.toISOString()).toBe('2026-11-28T10:30:00.000Z');
    expect(nextOpening([], 'UTC', new Date())).toBeNull();
    expect(nextOpening(weekdays, 'Not/AZone', new Date('2026-11-28T15:00:00Z'))?.toISOString()).toBe('2026-11-30T09:00:00.000Z');
  });
});
