import { buildInstructions } from '@/lib/assistant/instructions';
import { assistantOperations } from '@/lib/assistant/operations';
import { route } from '@/lib/http/route';

export const GET = route(assistantOperations.allInstructions, ({ ctx, query }) => buildInstructions(ctx, { includeVoice: query.include_voice }));
