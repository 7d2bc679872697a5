import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { ManageProspects } from '@/components/prospects/manage-prospects';
import { getStaffSession } from '@/lib/auth/web-session';
import { prospectsEnabled } from '@/lib/prospects/service';

export const metadata: Metadata = { title: 'Manage Prospects' };

export default async function ProspectsPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/prospects');
  // Hidden as coming soon until the school turns the feature on.
  if (ctx.schoolId === null || !(await prospectsEnabled(ctx.schoolId))) notFound();
  return <ManageProspects />;
}
