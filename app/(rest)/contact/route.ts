import { route } from '@/lib/http/route';
import { systemOperations } from '@/lib/system/operations';

export const POST = route(systemOperations.contact);
