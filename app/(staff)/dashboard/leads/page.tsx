import { LeadsManagement } from '@/components/leads/leads-management';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('leads');

export default staffScreen('leads', (ctx) => <LeadsManagement hasSchool={Boolean(ctx.user.schoolName)} canErase={ctx.role !== 'user'} />);
