'use server';

import { actionFor } from '@/lib/http/action';
import { leadGenOperations } from '@/lib/widget/operations';

// The Lead Gen tab: the operations of GET/PUT /lead-gen/settings, as server actions.

export const leadGenSettingsAction = actionFor(leadGenOperations.getSettings);
export const saveLeadGenSettingsAction = actionFor(leadGenOperations.putSettings);
