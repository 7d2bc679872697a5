import { route } from '@/lib/http/route';
import { assistantOperations } from '@/lib/assistant/operations';

export const GET = route(assistantOperations.getPersonality);
export const PUT = route(assistantOperations.putPersonality);
