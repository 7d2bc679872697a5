import { route } from '@/lib/http/route';
import { chatbotOperations } from '@/lib/widget/operations';
import { getAllowedOrigins, putAllowedOrigins } from '@/lib/widget/settings';

export const GET = route(chatbotOperations.getAllowedOrigins, ({ ctx }) => getAllowedOrigins(ctx));
export const PUT = route(chatbotOperations.putAllowedOrigins, ({ ctx, body }) => putAllowedOrigins(ctx, body));
