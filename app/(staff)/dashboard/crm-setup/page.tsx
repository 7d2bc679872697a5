import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CrmSetup } from '@/components/crm/crm-setup';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'CRM Setup' };

export default async function CrmSetupPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/crm-setup');
  return <CrmSetup />;
}
