import { route } from '@/lib/http/route';
import { assistantOperations } from '@/lib/assistant/operations';

export const PUT = route(assistantOperations.updateInstruction);
export const DELETE = route(assistantOperations.deleteInstruction);
