'use server';

import { z } from 'zod';
import { actionFor, staffAction } from '@/lib/http/action';
import { reportOperations } from '@/lib/reports/operations';
import { reportSchools } from '@/lib/reports/service';

// The Reports and Advanced Reports screens: the operations of GET /api/reports/*, as server
// actions; the school picker's list has no REST route of its own.

export const chatbotReportAction = actionFor(reportOperations.chatbot);

export const leadsReportAction = actionFor(reportOperations.leads);

export const chatbotMultiSchoolReportAction = actionFor(reportOperations.chatbotMultiSchool);

export const leadsMultiSchoolReportAction = actionFor(reportOperations.leadsMultiSchool);

export async function reportSchoolsAction() {
  return staffAction(z.object({}), {}, (ctx) => reportSchools(ctx));
}
