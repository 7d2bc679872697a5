import { auditOperations } from '@/lib/audit/operations';
import { route } from '@/lib/http/route';

export const GET = route(auditOperations.export);
