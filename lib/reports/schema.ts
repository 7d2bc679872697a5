import { z } from 'zod';

// The report calls' inputs and answers. Shared by the REST
// routes, the Reports screens' server actions and the screens; no server imports here.

/** The date range's messages, shared by the date pickers and the server. */
export const FROM_AFTER_TO = 'From date cannot be after to date';
export const TO_BEFORE_FROM = 'To date cannot be before from date';
/** The longest range a report covers: three years (both ends included). */
export const MAX_REPORT_DAYS = 1096;
export const TOO_LONG = `The date range can be at most 3 years (${MAX_REPORT_DAYS} days)`;
/** The default range is the last 30 days up to today. */
export const DEFAULT_REPORT_DAYS = 30;

const DAY_MS = 86_400_000;
export const daysInRange = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const isoDate = (field: string) => z.iso.date(`${field} must be a date in the format YYYY-MM-DD`);

const range = {
  from_date: isoDate('from_date').optional(),
  to_date: isoDate('to_date').optional(),
};

type Range = { from_date?: string; to_date?: string };
const checkRange = (q: Range, ctx: z.RefinementCtx) => {
  if (!q.from_date || !q.to_date) return;
  if (q.from_date > q.to_date) ctx.addIssue({ code: 'custom', path: ['from_date'], message: FROM_AFTER_TO });
  else if (daysInRange(q.from_date, q.to_date) > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to_date'], message: TOO_LONG });
};

/** GET /api/reports/chatbot-metrics and /leads-metrics. Dates default to the last 30 days up to the school's today. */
export const reportQuerySchema = z
  .object({
    ...range,
    school_id: z.coerce.number({ error: 'school_id must be a school id' }).int('school_id must be a school id').positive('school_id must be a school id').optional(),
  })
  .superRefine(checkRange);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** GET /api/reports/*-multi-school (superusers). */
export const multiSchoolQuerySchema = z.object(range).superRefine(checkRange);
export type MultiSchoolQuery = z.infer<typeof multiSchoolQuerySchema>;

// ---- Answers: daily metrics and a summary, for one school or several ----

export type ChatbotDailyMetric = { date: string; total: number; widget_loaded: number; widget_opened: number; engaged: number };
export type ChatbotCounts = Omit<ChatbotDailyMetric, 'date'>;
export type ChatbotSummary = { total_conversations: number; total_widget_loaded: number; total_widget_opened: number; total_engaged: number; days_in_range: number };
export type ChatbotReport = { metrics: ChatbotDailyMetric[]; summary: ChatbotSummary };

export type LeadsDailyMetric = { date: string; total: number };
export type LeadsSummary = { total_leads: number; days_in_range: number; avg_daily_leads: number };
export type LeadsReport = { metrics: LeadsDailyMetric[]; summary: LeadsSummary };

export type ReportSchool = { id: number; name: string };
export type MultiSchoolChatbotReport = {
  schools: ReportSchool[];
  metrics: { date: string; schools: Record<string, ChatbotCounts> }[];
  summary: Record<string, ChatbotSummary>;
};
export type MultiSchoolLeadsReport = {
  schools: ReportSchool[];
  metrics: { date: string; schools: Record<string, number> }[];
  summary: Record<string, LeadsSummary>;
};
