import type { AnalyticsSummary } from './schema';

// The Analytics tab's bar colours and insight thresholds. Pure, no server imports.

export type BarLevel = 'high' | 'medium' | 'low';

/** A bar at 80 % of the chart's largest bar or more is high, at 40 % or more medium, else low. */
export function barLevel(value: number, max: number): BarLevel {
  if (max <= 0) return 'low';
  const share = value / max;
  return share >= 0.8 ? 'high' : share >= 0.4 ? 'medium' : 'low';
}

/** Three shades of the brand blue: darker is busier (no good/bad colouring: a quiet day is not an error). */
export const BAR_COLORS: Record<BarLevel, string> = { high: '#1d4ed8', medium: '#60a5fa', low: '#bfdbfe' };

export type Insight = { key: string; title: string; level: string; text: string };

/** The insights the summary supports; a measure with no data (no answers or no leads yet) gives none. */
export function insightsOf(s: AnalyticsSummary): Insight[] {
  const out: Insight[] = [];
  if (s.avg_response_time_ms !== null) {
    const ms = s.avg_response_time_ms;
    const level = ms < 2000 ? 'Excellent' : ms < 5000 ? 'Good' : 'Slow';
    out.push({ key: 'speed', title: 'Response speed', level, text: `Answers take ${(ms / 1000).toFixed(1)} s on average.` });
  }
  if (s.total_conversations > 0) {
    const rate = s.lead_conversion_rate;
    const level = rate > 15 ? 'Excellent' : rate > 8 ? 'Good' : 'Low';
    out.push({ key: 'conversion', title: 'Lead conversion', level, text: `${rate.toFixed(1)} % of conversations become leads.` });
  }
  if (s.avg_messages_before_lead !== null) {
    const n = s.avg_messages_before_lead;
    const level = n < 3 ? 'Quick' : n < 6 ? 'Moderate' : 'Long';
    out.push({ key: 'messages-to-lead', title: 'Messages before a lead', level, text: `Visitors send ${n.toFixed(1)} messages on average before becoming a lead.` });
  }
  if (s.leads_today > 5) out.push({ key: 'leads-today', title: 'Leads today', level: 'Strong', text: `${s.leads_today} leads today: a strong day.` });
  return out;
}
