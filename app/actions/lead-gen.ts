'use server';

import { actionFor } from '@/lib/http/action';
import { getLeadGenSettings, putLeadGenSettings } from '@/lib/leads/settings';
import { leadGenOperations } from '@/lib/widget/operations';

// The Lead Gen tab: the operations of GET/PUT /lead-gen/settings, as server actions.

export const leadGenSettingsAction = actionFor(leadGenOperations.getSettings, ({ ctx }) => getLeadGenSettings(ctx));
export const saveLeadGenSettingsAction = actionFor(leadGenOperations.putSettings, ({ ctx, body }) => putLeadGenSettings(ctx, body));
