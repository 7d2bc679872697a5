import { route } from '@/lib/http/route';
import { privacyOperations } from '@/lib/privacy/operations';

export const GET = route(privacyOperations.retention);
export const PUT = route(privacyOperations.saveRetention);
