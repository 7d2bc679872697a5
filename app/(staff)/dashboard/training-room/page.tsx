import { TrainingRoom } from '@/components/training-room/training-room';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('training-room');

export default staffScreen('training-room', () => <TrainingRoom />);
