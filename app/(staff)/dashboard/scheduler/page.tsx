import { SchedulerDashboard } from '@/components/scheduler/scheduler-dashboard';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('scheduler');

export default staffScreen('scheduler', () => <SchedulerDashboard />);
