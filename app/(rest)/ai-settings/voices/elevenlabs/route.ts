import { route } from '@/lib/http/route';
import { assistantOperations } from '@/lib/assistant/operations';

export const GET = route(assistantOperations.getVoice);
export const PUT = route(assistantOperations.putVoice);
