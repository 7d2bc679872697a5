'use server';

import { cleanupOldData, storageStats } from '@/lib/conversations/retention';
import { actionFor } from '@/lib/http/action';
import { chatbotOperations } from '@/lib/widget/operations';
import { getSetupSettings, putSetupSettings } from '@/lib/widget/settings';

// The Logging (Setup) tab: the operations of /setup/settings, /setup/storage-stats and
// /setup/cleanup-old-data, as server actions (the settings answer only the settings themselves).

export const setupSettingsAction = actionFor(chatbotOperations.getSetup, async ({ ctx }) => (await getSetupSettings(ctx)).data.settings);
export const saveSetupSettingsAction = actionFor(chatbotOperations.putSetup, async ({ ctx, body }) => (await putSetupSettings(ctx, body)).data.settings);
export const storageStatsAction = actionFor(chatbotOperations.storageStats, ({ ctx }) => storageStats(ctx));
export const cleanupOldDataAction = actionFor(chatbotOperations.cleanup, ({ ctx }) => cleanupOldData(ctx));
