import { ManageProspects } from '@/components/prospects/manage-prospects';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('prospects');

export default staffScreen('prospects', () => <ManageProspects />);
