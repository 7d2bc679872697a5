import { route } from '@/lib/http/route';
import { currentApiKey } from '@/lib/widget/keys';
import { chatbotOperations } from '@/lib/widget/operations';

export const GET = route(chatbotOperations.currentKey, ({ ctx }) => currentApiKey(ctx));
