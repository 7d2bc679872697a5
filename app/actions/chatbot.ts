'use server';

import { z } from 'zod';
import { modelInfo, modelLabel } from '@/lib/ai/providers';
import { buildInstructions } from '@/lib/assistant/instructions';
import { staffAction } from '@/lib/http/action';
import { allInsights } from '@/lib/knowledge/insights';
import { currentApiKey, generateApiKey, internalApiKey } from '@/lib/widget/keys';
import { allowedOriginsSchema } from '@/lib/widget/schema';
import { getAllowedOrigins, putAllowedOrigins } from '@/lib/widget/settings';
import { getWidgetStyling, saveWidgetStyling } from '@/lib/widget/styling-store';

// Chatbot Management: the same lib functions and schemas as /chatbot/*, /insights/all and
// /ai-settings/all-instructions.
const none = z.undefined();

/** The key, or null before one is generated (the screen then offers Generate). */
export const currentKeyAction = async () =>
  staffAction(none, undefined, async (ctx) => {
    try {
      return (await currentApiKey(ctx)).api_key;
    } catch (err) {
      if ((err as { status?: number }).status === 404 && ctx.schoolId !== null) return null;
      throw err;
    }
  });
export const generateKeyAction = async () => staffAction(none, undefined, async (ctx) => (await generateApiKey(ctx)).api_key);
export const internalKeyAction = async () => staffAction(none, undefined, async (ctx) => (await internalApiKey(ctx)).api_key);
export const allowedOriginsAction = async () => staffAction(none, undefined, (ctx) => getAllowedOrigins(ctx));
export const saveAllowedOriginsAction = async (input: unknown) => staffAction(allowedOriginsSchema, input, (ctx, data) => putAllowedOrigins(ctx, data));
export const knowledgeSourcesAction = async () => staffAction(none, undefined, (ctx) => allInsights(ctx));
export const allInstructionsAction = async () => staffAction(none, undefined, (ctx) => buildInstructions(ctx, { includeVoice: true }));
export const modelInUseAction = async () => staffAction(none, undefined, async () => ({ mode: modelInfo().mode, label: modelLabel() }));

// The Styling tab: the same lib functions as GET/POST /widget-styling.
export const widgetStylingAction = async () => staffAction(none, undefined, (ctx) => getWidgetStyling(ctx));
export async function saveWidgetStylingAction(form: FormData) {
  return staffAction(z.instanceof(FormData), form, (ctx, data) => saveWidgetStyling(ctx, { styling: data.get('styling'), icon: data.get('icon') }));
}
