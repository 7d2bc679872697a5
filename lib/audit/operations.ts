import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import { operation } from '@/lib/http/route';
import { auditExportQuerySchema, auditListQuerySchema } from './schema';
import { exportAuditLog, listAuditLog } from './service';

// The audit log's calls: read only. No route changes or deletes an entry.
const tag = 'Audit log';
const errors = [401, 403, 404];

export const auditOperations = defineOperations({
  list: operation({
    method: 'GET', path: '/audit-log', tag, auth: 'bearer', query: auditListQuerySchema, errors,
    summary:
      "Audit entries, newest first: {entries: [{id, at, actor_id, actor_email, school_id, action, target_type, target_id, client_address, request_id, details}], total, page, page_size}. Filters: action, actor_id, from and to (a date alone is the whole day, UTC), school_id (superusers; a school admin always reads their own school's), page, page_size (1-500, default 50). School admins and superusers only",
    handler: ({ ctx, query }) => listAuditLog(ctx, query),
  }),
  export: operation({
    method: 'GET', path: '/audit-log/export', tag, auth: 'bearer-or-session', query: auditExportQuerySchema, errors,
    responseDescription: 'A streamed attachment audit-log-YYYY-MM-DD.csv (UTF-8 with BOM, header row) or .jsonl (one entry per line)',
    summary: 'Export the audit entries the list filters select: format csv|jsonl (default csv). The export is itself recorded',
    handler: ({ ctx, query }) => exportAuditLog(ctx, query),
  }),
});
