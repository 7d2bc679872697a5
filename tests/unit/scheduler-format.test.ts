import { describe, expect, it } from 'vitest';
import { describeSchedule, errorText, formatDate, formatDuration, parseResult, resultSnippet, schoolResultLines, successRateTone } from '@/lib/scheduler/format';

describe('scheduler display rules', () => {
  it('formats durations in seconds or minutes with one decimal, N/A when missing', () => {
    expect(formatDuration(0.04)).toBe('0.0s');
    expect(formatDuration(12.345)).toBe('12.3s');
    expect(formatDuration(59.94)).toBe('59.9s');
    expect(formatDuration(60)).toBe('1.0m');
    expect(formatDuration(150)).toBe('2.5m');
    expect(formatDuration(null)).toBe('N/A');
  });

  it('shows dates in local time and UTC, and Never when missing', () => {
    expect(formatDate(null)).toBe('Never');
    const d = formatDate('2026-11-22T09:05:00Z', 'America/New_York');
    expect(d).not.toBe('Never');
    if (d !== 'Never') {
      expect(d.utc).toContain('09:05:00');
      expect(d.utc).toMatch(/UTC$/);
      expect(d.local).toContain('04:05:00');
    }
  });

  it('colours success rates at 90 and 70', () => {
    expect(successRateTone(100)).toBe('success');
    expect(successRateTone(90)).toBe('success');
    expect(successRateTone(89.9)).toBe('warning');
    expect(successRateTone(70)).toBe('warning');
    expect(successRateTone(69.9)).toBe('danger');
  });

  it("truncates errors to 50 characters after 'Error: '", () => {
    const long = 'x'.repeat(80);
    expect(errorText(long)).toBe(`Error: ${'x'.repeat(50)}…`);
    expect(errorText('short')).toBe('Error: short');
  });

  it('lists at most three school results, then how many more', () => {
    const results = [1, 2, 3, 4, 5].map((i) => ({ school_id: i, processed: i * 10, failed: 0 }));
    expect(schoolResultLines(results)).toEqual({ lines: ['School 1: 10 processed, 0 failed', 'School 2: 20 processed, 0 failed', 'School 3: 30 processed, 0 failed'], more: 'and 2 more' });
    expect(schoolResultLines(results.slice(0, 2)).more).toBeNull();
  });

  it('reads result summaries as JSON, or as raw text when they are not', () => {
    expect(parseResult('{"sent":2}')).toEqual({ kind: 'json', value: { sent: 2 } });
    expect(parseResult('plain words')).toEqual({ kind: 'text', value: 'plain words' });
    expect(resultSnippet('{"sent":2,"failed":0,"nested":{"a":1}}')).toBe('sent: 2, failed: 0');
    expect(resultSnippet(null)).toBe('—');
    expect(resultSnippet('{"schools_processed":2,"total_schools_found":2,"total_messages_processed":40,"total_messages_failed":1,"processing_rate_msgs_per_sec":3.2,"school_results":[]}')).toBe(
      '2 schools, 40 messages processed, 1 failed',
    );
  });
});

describe('describeSchedule (issue 14 #17: no raw cron strings)', () => {
  it("reads the registry's schedules in words, 24-hour clock", () => {
    expect(describeSchedule('15 4 * * *')).toBe('Every day at 04:15');
    expect(describeSchedule('0 3 * * *')).toBe('Every day at 03:00');
    expect(describeSchedule('*/5 * * * *')).toBe('Every 5 minutes');
    expect(describeSchedule('0 * * * *')).toBe('Every hour');
    expect(describeSchedule('* * * * *')).toBe('Every minute');
    expect(describeSchedule('30 * * * *')).toBe('At 30 minutes past the hour');
    expect(describeSchedule('0 3 * * 1')).toBe('At 03:00, only on Monday');
  });

  it('shows what it cannot read as written', () => {
    expect(describeSchedule('not a cron')).toBe('not a cron');
  });
});
