import { describe, expect, it } from 'vitest';
import { chatbotSeparateCsvRows, combineChatbot, combineLeads, defaultRange, schoolColor, SCHOOL_PALETTE, scopeOf, seriesKey, shortDay } from '@/lib/reports/view';
import { daysInRange, reportQuerySchema } from '@/lib/reports/schema';

// What Advanced Reports draws from the multi-school answers.

const multi = {
  schools: [
    { id: 7, name: 'North Hill College' },
    { id: 3, name: 'Bay Academy' },
  ],
  metrics: [
    { date: '2026-03-08', schools: { '7': { total: 3, widget_loaded: 1, widget_opened: 1, engaged: 1 }, '3': { total: 2, widget_loaded: 2, widget_opened: 0, engaged: 0 } } },
    { date: '2026-03-09', schools: { '7': { total: 1, widget_loaded: 0, widget_opened: 0, engaged: 1 }, '3': { total: 0, widget_loaded: 0, widget_opened: 0, engaged: 0 } } },
  ],
  summary: {
    '7': { total_conversations: 4, total_widget_loaded: 1, total_widget_opened: 1, total_engaged: 2, days_in_range: 2 },
    '3': { total_conversations: 2, total_widget_loaded: 2, total_widget_opened: 0, total_engaged: 0, days_in_range: 2 },
  },
};

describe('report view', () => {
  it('series keys are the school name with underscores plus the field', () => {
    expect(seriesKey('North Hill College', 'total')).toBe('North_Hill_College_total');
    expect(seriesKey('Bay Academy', 'widget_loaded')).toBe('Bay_Academy_widget_loaded');
  });

  it('cycles ten colours by school index', () => {
    expect(SCHOOL_PALETTE).toHaveLength(10);
    expect(schoolColor(0)).toBe(schoolColor(10));
    expect(new Set(Array.from({ length: 10 }, (_, i) => schoolColor(i))).size).toBe(10);
  });

  it('combined sums the totals per day and takes days_in_range from the first school', () => {
    const c = combineChatbot(multi);
    expect(c.metrics).toEqual([
      { date: '2026-03-08', total: 5, widget_loaded: 3, widget_opened: 1, engaged: 1 },
      { date: '2026-03-09', total: 1, widget_loaded: 0, widget_opened: 0, engaged: 1 },
    ]);
    expect(c.summary).toEqual({ total_conversations: 6, total_widget_loaded: 3, total_widget_opened: 1, total_engaged: 2, days_in_range: 2 });
    const l = combineLeads({
      schools: multi.schools,
      metrics: [{ date: '2026-03-08', schools: { '7': 2, '3': 1 } }, { date: '2026-03-09', schools: { '7': 0, '3': 0 } }],
      summary: { '7': { total_leads: 2, days_in_range: 2, avg_daily_leads: 1 }, '3': { total_leads: 1, days_in_range: 2, avg_daily_leads: 0.5 } },
    });
    expect(l.summary).toEqual({ total_leads: 3, days_in_range: 2, avg_daily_leads: 1.5 });
    expect(l.metrics.map((m) => m.total)).toEqual([3, 0]);
  });

  it('the separate CSV has one column per school and field', () => {
    const rows = chatbotSeparateCsvRows(multi);
    expect(rows[0]!.slice(0, 3)).toEqual(['date', 'North_Hill_College_total', 'North_Hill_College_widget_loaded']);
    expect(rows[1]).toEqual(['2026-03-08', 3, 1, 1, 1, 2, 2, 0, 0]);
  });

  it('maps the selector and the dates', () => {
    expect(scopeOf('all')).toEqual({ kind: 'all' });
    expect(scopeOf('separate')).toEqual({ kind: 'separate' });
    expect(scopeOf('12')).toEqual({ kind: 'school', id: 12 });
    expect(defaultRange(new Date(2026, 2, 31))).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(shortDay('2026-03-08')).toBe('Mar 8');
    expect(daysInRange('2026-03-01', '2026-03-31')).toBe(31);
  });

  it('refuses a reversed range with the spec message', () => {
    const r = reportQuerySchema.safeParse({ from_date: '2026-03-02', to_date: '2026-03-01' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['from_date'], message: 'From date cannot be after to date' });
  });
});
