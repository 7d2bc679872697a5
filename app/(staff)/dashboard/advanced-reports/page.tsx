import { AdvancedReportsScreen } from '@/components/reports/reports-screen';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('advanced-reports');

export default staffScreen('advanced-reports', () => <AdvancedReportsScreen />);
