import { AiCustomization } from '@/components/ai-customization/ai-customization';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('ai-customization');

export default staffScreen('ai-customization', () => <AiCustomization />);
