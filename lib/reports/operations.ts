import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import { multiSchoolQuerySchema, reportQuerySchema } from './schema';
import { chatbotMetrics, chatbotMetricsMultiSchool, leadsMetrics, leadsMetricsMultiSchool } from './service';
import { operation } from '@/lib/http/route';

// The report calls. Days are each school's local days (its time_zone).
const tag = 'Reports';
const dates =
  'from_date and to_date are ISO dates (YYYY-MM-DD, both included; default the last 30 days up to today; from after to, over 3 years or malformed answer 422); every day of the range is listed, zeros included';

export const reportOperations = defineOperations({
  chatbot: operation({
    method: 'GET', path: '/api/reports/chatbot-metrics', tag, auth: 'bearer', query: reportQuerySchema, errors: [401, 403, 404],
    summary: `Widget sessions per day of the school's time zone (test chats excluded): {metrics: [{date, total, widget_loaded, widget_opened, engaged}], summary: {total_conversations, total_widget_loaded, total_widget_opened, total_engaged, days_in_range}}. total counts every session; widget_loaded / widget_opened / engaged count the sessions that reached each step or went further (loaded ≥ opened ≥ engaged: an engaged session was also opened and loaded), the same figures as the Analytics funnel. ${dates}. school_id: only a superuser may name another school (403 otherwise).`,
    handler: ({ ctx, query }) => chatbotMetrics(ctx, query),
  }),
  leads: operation({
    method: 'GET', path: '/api/reports/leads-metrics', tag, auth: 'bearer', query: reportQuerySchema, errors: [401, 403, 404],
    summary: `Leads per day of the school's time zone (test leads excluded): {metrics: [{date, total}], summary: {total_leads, days_in_range, avg_daily_leads (two decimals)}}. ${dates}. school_id: only a superuser may name another school (403 otherwise).`,
    handler: ({ ctx, query }) => leadsMetrics(ctx, query),
  }),
  chatbotMultiSchool: operation({
    method: 'GET', path: '/api/reports/chatbot-metrics-multi-school', tag, auth: 'bearer', query: multiSchoolQuerySchema, errors: [401, 403],
    summary: `Superusers: every school's widget sessions per day, each school in its own time zone: {schools: [{id, name}], metrics: [{date, schools: {"<school id>": {total, widget_loaded, widget_opened, engaged}}}], summary: {"<school id>": {...chatbot summary}}}. ${dates}.`,
    handler: ({ ctx, query }) => chatbotMetricsMultiSchool(ctx, query),
  }),
  leadsMultiSchool: operation({
    method: 'GET', path: '/api/reports/leads-metrics-multi-school', tag, auth: 'bearer', query: multiSchoolQuerySchema, errors: [401, 403],
    summary: `Superusers: every school's leads per day: {schools: [{id, name}], metrics: [{date, schools: {"<school id>": count}}], summary: {"<school id>": {total_leads, days_in_range, avg_daily_leads}}}. ${dates}.`,
    handler: ({ ctx, query }) => leadsMetricsMultiSchool(ctx, query),
  }),
});
