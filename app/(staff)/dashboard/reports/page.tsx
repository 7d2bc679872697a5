import { ReportsScreen } from '@/components/reports/reports-screen';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('reports');

export default staffScreen('reports', (ctx) => <ReportsScreen schoolName={ctx.user.schoolName} />);
