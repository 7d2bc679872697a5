'use server';

import { z } from 'zod';
import { modelInfo, modelLabel } from '@/lib/ai/providers';
import { buildInstructions } from '@/lib/assistant/instructions';
import { actionFor, staffAction } from '@/lib/http/action';
import { allInsights } from '@/lib/knowledge/insights';
import { insightOperations } from '@/lib/knowledge/operations';
import { currentApiKey, generateApiKey, internalApiKey } from '@/lib/widget/keys';
import { chatbotOperations } from '@/lib/widget/operations';
import { getAllowedOrigins, putAllowedOrigins } from '@/lib/widget/settings';
import { getWidgetStyling, saveWidgetStyling } from '@/lib/widget/styling-store';

// Chatbot Management: the operations of /chatbot/*, /insights/all and /widget-styling, as server
// actions. All Instructions (always with the voice part), the model in use (no signed-in route)
// and saving the styling (a form) keep their own frame, with the same lib functions.
const none = z.undefined();

/** The key, or null before one is generated (the screen then offers Generate). */
export const currentKeyAction = actionFor(chatbotOperations.currentKey, async ({ ctx }) => {
  try {
    return (await currentApiKey(ctx)).api_key;
  } catch (err) {
    if ((err as { status?: number }).status === 404 && ctx.schoolId !== null) return null;
    throw err;
  }
});
export const generateKeyAction = actionFor(chatbotOperations.generateKey, async ({ ctx }) => (await generateApiKey(ctx)).api_key);
export const internalKeyAction = actionFor(chatbotOperations.internalKey, async ({ ctx }) => (await internalApiKey(ctx)).api_key);
export const allowedOriginsAction = actionFor(chatbotOperations.getAllowedOrigins, ({ ctx }) => getAllowedOrigins(ctx));
export const saveAllowedOriginsAction = actionFor(chatbotOperations.putAllowedOrigins, ({ ctx, body }) => putAllowedOrigins(ctx, body));
export const knowledgeSourcesAction = actionFor(insightOperations.all, ({ ctx }) => allInsights(ctx));
export const allInstructionsAction = async () => staffAction(none, undefined, (ctx) => buildInstructions(ctx, { includeVoice: true }));
export const modelInUseAction = async () => staffAction(none, undefined, async () => ({ mode: modelInfo().mode, label: modelLabel() }));

// The Styling tab.
export const widgetStylingAction = actionFor(chatbotOperations.getStyling, ({ ctx }) => getWidgetStyling(ctx));
export async function saveWidgetStylingAction(form: FormData) {
  return staffAction(z.instanceof(FormData), form, (ctx, data) => saveWidgetStyling(ctx, { styling: data.get('styling'), icon: data.get('icon') }));
}
