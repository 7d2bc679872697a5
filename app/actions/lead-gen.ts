'use server';

import { z } from 'zod';
import { staffAction } from '@/lib/http/action';
import { leadGenSettingsSchema } from '@/lib/leads/schema';
import { getLeadGenSettings, putLeadGenSettings } from '@/lib/leads/settings';

// The Lead Gen tab: the same lib functions and schema as GET/PUT /lead-gen/settings.
const none = z.undefined();

export const leadGenSettingsAction = async () => staffAction(none, undefined, (ctx) => getLeadGenSettings(ctx));
export const saveLeadGenSettingsAction = async (input: unknown) => staffAction(leadGenSettingsSchema, input, (ctx, data) => putLeadGenSettings(ctx, data));
