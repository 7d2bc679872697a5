import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LiveView } from '@/components/live/live-view';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'Live Chat' };

export default async function LivePage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/live');
  return <LiveView userId={ctx.user.id} hasSchool={ctx.schoolId !== null} />;
}
