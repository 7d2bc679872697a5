import { widgetOperations } from '@/lib/widget/operations';
import { personaInfo } from '@/lib/widget/public';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const GET = widgetRoute(widgetOperations.personaInfo, ({ caller }) => personaInfo(caller));
export const OPTIONS = widgetPreflight;
