import { describe, expect, it } from 'vitest';
import { barLevel, insightsOf } from '@/lib/analytics/insights';
import type { AnalyticsSummary } from '@/lib/analytics/schema';

const base: AnalyticsSummary = {
  total_conversations: 10, total_messages: 20, total_characters: 500, avg_response_time_ms: 1500, avg_conversation_duration: 60, active_sessions_today: 1, handoff_requests: 0, human_handled_conversations: 0,
  engagement_funnel: { widget_loads: 10, widget_opens: 5, conversations_started: 4, load_to_open_rate: 50, open_to_conversation_rate: 80, overall_conversion_rate: 40 },
  total_leads: 2, lead_conversion_rate: 20, leads_today: 6, leads_last_7days: 2, avg_messages_before_lead: 2,
  lead_sources: [], leads_by_day: [], conversations_by_day: [], conversations_by_hour: [], lead_quality: { with_email: 0, with_phone: 0, with_both: 0 },
};
const levels = (s: Partial<AnalyticsSummary>) => Object.fromEntries(insightsOf({ ...base, ...s }).map((i) => [i.key, i.level]));

describe('bar colours', () => {
  it('is high from 80 % of the largest bar, medium from 40 %, else low', () => {
    expect([100, 80, 79, 40, 39, 0].map((v) => barLevel(v, 100))).toEqual(['high', 'high', 'medium', 'medium', 'low', 'low']);
    expect(barLevel(0, 0)).toBe('low');
  });
});

describe('insight thresholds', () => {
  it('response speed: under 2000 ms excellent, under 5000 good', () => {
    expect(levels({ avg_response_time_ms: 1999 }).speed).toBe('Excellent');
    expect(levels({ avg_response_time_ms: 2000 }).speed).toBe('Good');
    expect(levels({ avg_response_time_ms: 5000 }).speed).toBe('Slow');
    expect(levels({ avg_response_time_ms: null }).speed).toBeUndefined();
  });
  it('conversion: above 15 % excellent, above 8 % good', () => {
    expect(levels({ lead_conversion_rate: 15.1 }).conversion).toBe('Excellent');
    expect(levels({ lead_conversion_rate: 15 }).conversion).toBe('Good');
    expect(levels({ lead_conversion_rate: 8 }).conversion).toBe('Low');
  });
  it('messages before a lead: under 3 quick, under 6 moderate; more than 5 leads today is strong', () => {
    expect(levels({ avg_messages_before_lead: 2.9 })['messages-to-lead']).toBe('Quick');
    expect(levels({ avg_messages_before_lead: 3 })['messages-to-lead']).toBe('Moderate');
    expect(levels({ avg_messages_before_lead: 6 })['messages-to-lead']).toBe('Long');
    expect(levels({ leads_today: 6 })['leads-today']).toBe('Strong');
    expect(levels({ leads_today: 5 })['leads-today']).toBeUndefined();
  });
});
