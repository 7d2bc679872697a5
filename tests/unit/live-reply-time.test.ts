import { describe, expect, it } from 'vitest';
import { REPLY_MIN_CHATS, typicalReplyMinutes } from '@/lib/live/reply-time';

// "Usually replies within N minutes" (issue 48 item 4): the median wait from a visitor's request for
// a person to a staff member joining, in whole minutes rounded up, at least one.

const minutes = (...m: number[]) => m.map((x) => x * 60);

describe('typicalReplyMinutes', () => {
  it('says nothing from fewer than five chats', () => {
    expect(REPLY_MIN_CHATS).toBe(5);
    expect(typicalReplyMinutes([])).toBeNull();
    expect(typicalReplyMinutes(minutes(1, 2, 3, 4))).toBeNull();
    expect(typicalReplyMinutes(minutes(1, 2, 3, 4, 5))).toBe(3);
  });

  it('takes the median, so one wait of an hour does not move it', () => {
    expect(typicalReplyMinutes(minutes(2, 2, 2, 3, 60))).toBe(2);
    expect(typicalReplyMinutes(minutes(60, 2, 3, 2, 2))).toBe(2);
    // An even count: the mean of the middle two (2.5 minutes), rounded up.
    expect(typicalReplyMinutes(minutes(1, 2, 3, 4, 5, 6))).toBe(4);
    expect(typicalReplyMinutes([60, 120, 150, 180, 600, 900])).toBe(3);
  });

  it('rounds up to whole minutes and is at least one', () => {
    expect(typicalReplyMinutes([61, 61, 61, 61, 61])).toBe(2);
    expect(typicalReplyMinutes([120, 120, 120, 120, 120])).toBe(2);
    expect(typicalReplyMinutes([5, 8, 10, 12, 20])).toBe(1);
    expect(typicalReplyMinutes([0, 0, 0, 0, 0])).toBe(1);
  });

  it('leaves out what is not a wait (clock skew, a broken row)', () => {
    expect(typicalReplyMinutes([-30, NaN, 60, 60, 60, 60])).toBeNull();
    expect(typicalReplyMinutes([-30, NaN, 60, 60, 60, 60, 60])).toBe(1);
  });
});
