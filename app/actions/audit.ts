'use server';

import { auditOperations } from '@/lib/audit/operations';
import { actionFor } from '@/lib/http/action';

// The Audit Log screen: the list as a server action. The export is a download from
// GET /audit-log/export (the staff session is accepted there).

export const auditLogAction = actionFor(auditOperations.list);
