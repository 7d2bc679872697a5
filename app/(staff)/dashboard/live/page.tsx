import { LiveView } from '@/components/live/live-view';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('live');

export default staffScreen('live', (ctx) => <LiveView userId={ctx.user.id} hasSchool={ctx.schoolId !== null} />);
