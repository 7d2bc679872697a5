import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { TrainingRoom } from '@/components/training-room/training-room';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'Training Room' };

export default async function TrainingRoomPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/training-room');
  return <TrainingRoom />;
}
