import { route } from '@/lib/http/route';
import { reportOperations } from '@/lib/reports/operations';
import { chatbotMetricsMultiSchool } from '@/lib/reports/service';

export const GET = route(reportOperations.chatbotMultiSchool, ({ ctx, query }) => chatbotMetricsMultiSchool(ctx, query));
