import { route } from '@/lib/http/route';
import { chatbotOperations } from '@/lib/widget/operations';
import { getSetupSettings, putSetupSettings } from '@/lib/widget/settings';

export const GET = route(chatbotOperations.getSetup, ({ ctx }) => getSetupSettings(ctx));
export const PUT = route(chatbotOperations.putSetup, ({ ctx, body }) => putSetupSettings(ctx, body));
