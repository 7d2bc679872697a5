import type { ChatbotReport, LeadsReport, MultiSchoolChatbotReport, MultiSchoolLeadsReport } from './schema';

// What the Reports screens draw and download, from the
// API's answers. No server imports: used by the screens and the unit tests.

/** Ten colours, cycled by school index. */
export const SCHOOL_PALETTE = ['#1d4ed8', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#475569'] as const;
export const schoolColor = (index: number) => SCHOOL_PALETTE[index % SCHOOL_PALETTE.length]!;

export const CHATBOT_FIELDS = ['total', 'widget_loaded', 'widget_opened', 'engaged'] as const;
export type ChatbotField = (typeof CHATBOT_FIELDS)[number];

/** The school name with spaces turned to underscores, plus the field's suffix (`_total`, `_widget_loaded`, …). */
export const seriesKey = (schoolName: string, suffix: string) => `${schoolName.replace(/ /g, '_')}_${suffix}`;

/** The selector of Advanced Reports: all = combined, separate = one series per school, else a school id. */
export type ReportScope = { kind: 'own' } | { kind: 'all' } | { kind: 'separate' } | { kind: 'school'; id: number };
export function scopeOf(value: string): ReportScope {
  if (value === 'all') return { kind: 'all' };
  if (value === 'separate') return { kind: 'separate' };
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? { kind: 'school', id } : { kind: 'all' };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** All Schools Combined: each day's totals summed over schools; days_in_range from the first school. */
export function combineChatbot(r: MultiSchoolChatbotReport): ChatbotReport {
  const summaries = r.schools.map((s) => r.summary[String(s.id)]).filter((x) => x !== undefined);
  return {
    metrics: r.metrics.map((m) => {
      const sum = { total: 0, widget_loaded: 0, widget_opened: 0, engaged: 0 };
      for (const c of Object.values(m.schools)) for (const f of CHATBOT_FIELDS) sum[f] += c[f];
      return { date: m.date, ...sum };
    }),
    summary: {
      total_conversations: summaries.reduce((s, x) => s + x.total_conversations, 0),
      total_widget_loaded: summaries.reduce((s, x) => s + x.total_widget_loaded, 0),
      total_widget_opened: summaries.reduce((s, x) => s + x.total_widget_opened, 0),
      total_engaged: summaries.reduce((s, x) => s + x.total_engaged, 0),
      days_in_range: summaries[0]?.days_in_range ?? r.metrics.length,
    },
  };
}

export function combineLeads(r: MultiSchoolLeadsReport): LeadsReport {
  const summaries = r.schools.map((s) => r.summary[String(s.id)]).filter((x) => x !== undefined);
  const total = summaries.reduce((s, x) => s + x.total_leads, 0);
  const days = summaries[0]?.days_in_range ?? r.metrics.length;
  return {
    metrics: r.metrics.map((m) => ({ date: m.date, total: Object.values(m.schools).reduce((s, n) => s + n, 0) })),
    summary: { total_leads: total, days_in_range: days, avg_daily_leads: days > 0 ? round2(total / days) : 0 },
  };
}

/** Rows for the CSV download: a header row, then one row per day (the numbers the charts show). */
export function chatbotCsvRows(r: ChatbotReport): (string | number)[][] {
  return [['date', ...CHATBOT_FIELDS], ...r.metrics.map((m) => [m.date, m.total, m.widget_loaded, m.widget_opened, m.engaged])];
}

export function leadsCsvRows(r: LeadsReport): (string | number)[][] {
  return [['date', 'leads'], ...r.metrics.map((m) => [m.date, m.total])];
}

/**
 * All Schools Separately: one column per school and field, named by its series key (the school's
 * name with underscores for spaces, then the field).
 */
export function chatbotSeparateCsvRows(r: MultiSchoolChatbotReport): (string | number)[][] {
  const header = ['date', ...r.schools.flatMap((s) => CHATBOT_FIELDS.map((f) => seriesKey(s.name, f)))];
  return [header, ...r.metrics.map((m) => [m.date, ...r.schools.flatMap((s) => CHATBOT_FIELDS.map((f) => m.schools[String(s.id)]?.[f] ?? 0))])];
}

export function leadsSeparateCsvRows(r: MultiSchoolLeadsReport): (string | number)[][] {
  const header = ['date', ...r.schools.map((s) => seriesKey(s.name, 'leads'))];
  return [header, ...r.metrics.map((m) => [m.date, ...r.schools.map((s) => m.schools[String(s.id)] ?? 0)])];
}

/** YYYY-MM-DD of a local date (the browser's today for the pickers). */
export function localIsoDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The default range is the last 30 days up to today. */
export function defaultRange(today: Date = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return { from: localIsoDate(from), to: localIsoDate(today) };
}

/** Chart labels: short month plus day ('Mar 8'). */
export const shortDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
