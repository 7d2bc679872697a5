'use server';

import { actionFor } from '@/lib/http/action';
import { chatbotOperations } from '@/lib/widget/operations';

// The Logging (Setup) tab: the operations of /setup/settings, /setup/storage-stats and
// /setup/cleanup-old-data, as server actions.

export const setupSettingsAction = actionFor(chatbotOperations.getSetup);
export const saveSetupSettingsAction = actionFor(chatbotOperations.putSetup);
export const storageStatsAction = actionFor(chatbotOperations.storageStats);
export const cleanupOldDataAction = actionFor(chatbotOperations.cleanup);
