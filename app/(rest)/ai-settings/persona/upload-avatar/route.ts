import { route } from '@/lib/http/route';
import { assistantOperations } from '@/lib/assistant/operations';

export const POST = route(assistantOperations.uploadAvatar);
