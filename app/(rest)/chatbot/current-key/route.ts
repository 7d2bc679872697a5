import { route } from '@/lib/http/route';
import { chatbotOperations } from '@/lib/widget/operations';

export const GET = route(chatbotOperations.currentKey);
