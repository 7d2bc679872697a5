import { route } from '@/lib/http/route';
import { assistantOperations } from '@/lib/assistant/operations';

export const GET = route(assistantOperations.allInstructions);
