import { route } from '@/lib/http/route';
import { privacyOperations } from '@/lib/privacy/operations';

export const GET = route(privacyOperations.get);
