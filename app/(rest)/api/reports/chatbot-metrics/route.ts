import { route } from '@/lib/http/route';
import { reportOperations } from '@/lib/reports/operations';
import { chatbotMetrics } from '@/lib/reports/service';

export const GET = route(reportOperations.chatbot, ({ ctx, query }) => chatbotMetrics(ctx, query));
