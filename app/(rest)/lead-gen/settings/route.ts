import { route } from '@/lib/http/route';
import { leadGenOperations } from '@/lib/widget/operations';

export const GET = route(leadGenOperations.getSettings);
export const PUT = route(leadGenOperations.putSettings);
