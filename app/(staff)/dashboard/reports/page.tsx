import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ReportsScreen } from '@/components/reports/reports-screen';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'Reports' };

export default async function ReportsPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/reports');
  return <ReportsScreen schoolName={ctx.user.schoolName} />;
}
