'use server';

import { z } from 'zod';
import { staffAction } from '@/lib/http/action';
import { multiSchoolQuerySchema, reportQuerySchema } from '@/lib/reports/schema';
import { chatbotMetrics, chatbotMetricsMultiSchool, leadsMetrics, leadsMetricsMultiSchool, reportSchools } from '@/lib/reports/service';

// The Reports and Advanced Reports screens: the same lib
// functions and schemas as GET /api/reports/*.

export async function chatbotReportAction(input: unknown) {
  return staffAction(reportQuerySchema, input, (ctx, q) => chatbotMetrics(ctx, q));
}

export async function leadsReportAction(input: unknown) {
  return staffAction(reportQuerySchema, input, (ctx, q) => leadsMetrics(ctx, q));
}

export async function chatbotMultiSchoolReportAction(input: unknown) {
  return staffAction(multiSchoolQuerySchema, input, (ctx, q) => chatbotMetricsMultiSchool(ctx, q));
}

export async function leadsMultiSchoolReportAction(input: unknown) {
  return staffAction(multiSchoolQuerySchema, input, (ctx, q) => leadsMetricsMultiSchool(ctx, q));
}

export async function reportSchoolsAction() {
  return staffAction(z.object({}), {}, (ctx) => reportSchools(ctx));
}
