'use server';

import { actionFor } from '@/lib/http/action';
import { privacyOperations } from '@/lib/privacy/operations';

// Privacy requests from the Leads and Logs screens and the Privacy page.

export const erasePersonAction = actionFor(privacyOperations.erase);

export const erasuresAction = actionFor(privacyOperations.list);

export const erasureAction = actionFor(privacyOperations.get);

export const subjectDataAction = actionFor(privacyOperations.subjectData);

export const retentionAction = actionFor(privacyOperations.retention);

export const saveRetentionAction = actionFor(privacyOperations.saveRetention);
