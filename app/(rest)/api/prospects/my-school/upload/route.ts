import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';

export const POST = route(prospectOperations.upload);
