import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { Campaigns } from '@/components/prospects/campaigns';
import { getStaffSession } from '@/lib/auth/web-session';
import { prospectsEnabled } from '@/lib/prospects/service';

export const metadata: Metadata = { title: 'Campaigns' };

export default async function CampaignsPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/campaigns');
  if (ctx.schoolId === null || !(await prospectsEnabled(ctx.schoolId))) notFound();
  return <Campaigns />;
}
