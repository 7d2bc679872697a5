'use server';

import { z } from 'zod';
import { actionFor, staffAction } from '@/lib/http/action';
import { reportOperations } from '@/lib/reports/operations';
import { chatbotMetrics, chatbotMetricsMultiSchool, leadsMetrics, leadsMetricsMultiSchool, reportSchools } from '@/lib/reports/service';

// The Reports and Advanced Reports screens: the operations of GET /api/reports/*, as server
// actions; the school picker's list has no REST route of its own.

export const chatbotReportAction = actionFor(reportOperations.chatbot, ({ ctx, query }) => chatbotMetrics(ctx, query));

export const leadsReportAction = actionFor(reportOperations.leads, ({ ctx, query }) => leadsMetrics(ctx, query));

export const chatbotMultiSchoolReportAction = actionFor(reportOperations.chatbotMultiSchool, ({ ctx, query }) => chatbotMetricsMultiSchool(ctx, query));

export const leadsMultiSchoolReportAction = actionFor(reportOperations.leadsMultiSchool, ({ ctx, query }) => leadsMetricsMultiSchool(ctx, query));

export async function reportSchoolsAction() {
  return staffAction(z.object({}), {}, (ctx) => reportSchools(ctx));
}
