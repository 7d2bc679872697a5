import { CrmSetup } from '@/components/crm/crm-setup';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('crm-setup');

export default staffScreen('crm-setup', () => <CrmSetup />);
