import { assistantOperations } from '@/lib/assistant/operations';
import { getVocabulary, putVocabulary } from '@/lib/retrieval/school-vocabulary';
import { route } from '@/lib/http/route';

export const GET = route(assistantOperations.getVocabulary, ({ ctx }) => getVocabulary(ctx));
export const PUT = route(assistantOperations.putVocabulary, ({ ctx, body }) => putVocabulary(ctx, body));
