import { route } from '@/lib/http/route';
import { leadConversationView } from '@/lib/leads/manage';
import { leadOperations } from '@/lib/leads/operations';

export const GET = route(leadOperations.conversation, ({ ctx, params }) => leadConversationView(ctx, params.id));
