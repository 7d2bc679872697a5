import { route } from '@/lib/http/route';
import { lastExportDate } from '@/lib/leads/manage';
import { leadOperations } from '@/lib/leads/operations';

export const GET = route(leadOperations.lastExport, ({ ctx }) => lastExportDate(ctx));
