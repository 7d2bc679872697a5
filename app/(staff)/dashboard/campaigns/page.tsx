import { Campaigns } from '@/components/prospects/campaigns';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('campaigns');

export default staffScreen('campaigns', () => <Campaigns />);
