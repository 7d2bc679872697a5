import { route } from '@/lib/http/route';
import { generateApiKey } from '@/lib/widget/keys';
import { chatbotOperations } from '@/lib/widget/operations';

export const POST = route(chatbotOperations.generateKey, ({ ctx }) => generateApiKey(ctx));
