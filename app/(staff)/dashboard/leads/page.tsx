import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LeadsManagement } from '@/components/leads/leads-management';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'Leads Management' };

export default async function LeadsPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/leads');
  return <LeadsManagement hasSchool={Boolean(ctx.user.schoolName)} />;
}
