import { PrivacyScreen } from '@/components/privacy/privacy-screen';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('privacy');

export default staffScreen('privacy', () => <PrivacyScreen />);
