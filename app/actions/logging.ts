'use server';

import { z } from 'zod';
import { cleanupOldData, storageStats } from '@/lib/conversations/retention';
import { staffAction } from '@/lib/http/action';
import { setupSettingsSchema } from '@/lib/widget/schema';
import { getSetupSettings, putSetupSettings } from '@/lib/widget/settings';

// The Logging (Setup) tab: the same lib functions and schema as /setup/settings,
// /setup/storage-stats and /setup/cleanup-old-data.
const none = z.undefined();

export const setupSettingsAction = async () => staffAction(none, undefined, async (ctx) => (await getSetupSettings(ctx)).data.settings);
export const saveSetupSettingsAction = async (input: unknown) => staffAction(setupSettingsSchema, input, async (ctx, data) => (await putSetupSettings(ctx, data)).data.settings);
export const storageStatsAction = async () => staffAction(none, undefined, (ctx) => storageStats(ctx));
export const cleanupOldDataAction = async () => staffAction(none, undefined, (ctx) => cleanupOldData(ctx));
