import { route } from '@/lib/http/route';
import { internalApiKey } from '@/lib/widget/keys';
import { chatbotOperations } from '@/lib/widget/operations';

export const GET = route(chatbotOperations.internalKey, ({ ctx }) => internalApiKey(ctx));
