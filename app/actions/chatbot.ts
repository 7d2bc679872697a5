'use server';

import { z } from 'zod';
import { modelInfo, modelLabel } from '@/lib/ai/providers';
import { buildInstructions } from '@/lib/assistant/instructions';
import { actionFor, staffAction } from '@/lib/http/action';
import { insightOperations } from '@/lib/knowledge/operations';
import { chatbotOperations } from '@/lib/widget/operations';

import { saveWidgetStyling } from '@/lib/widget/styling-store';

// Chatbot Management: the operations of /chatbot/*, /insights/all and /widget-styling, as server
// actions. All Instructions (always with the voice part), the model in use (no signed-in route)
// and saving the styling (a form) keep their own frame, with the same lib functions.
const none = z.undefined();

export const currentKeyAction = actionFor(chatbotOperations.currentKey);
export const generateKeyAction = actionFor(chatbotOperations.generateKey);
export const internalKeyAction = actionFor(chatbotOperations.internalKey);
export const allowedOriginsAction = actionFor(chatbotOperations.getAllowedOrigins);
export const saveAllowedOriginsAction = actionFor(chatbotOperations.putAllowedOrigins);
export const knowledgeSourcesAction = actionFor(insightOperations.all);
export const allInstructionsAction = async () => staffAction(none, undefined, (ctx) => buildInstructions(ctx, { includeVoice: true }));
export const modelInUseAction = async () => staffAction(none, undefined, async () => ({ mode: modelInfo().mode, label: modelLabel() }));

// The Styling tab.
export const widgetStylingAction = actionFor(chatbotOperations.getStyling);
export async function saveWidgetStylingAction(form: FormData) {
  return staffAction(z.instanceof(FormData), form, (ctx, data) => saveWidgetStyling(ctx, { styling: data.get('styling'), icon: data.get('icon') }));
}
