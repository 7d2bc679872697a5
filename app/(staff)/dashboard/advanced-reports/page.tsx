import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { AdvancedReportsScreen } from '@/components/reports/reports-screen';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'Advanced Reports' };

export default async function AdvancedReportsPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/advanced-reports');
  if (ctx.role !== 'superuser') {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        <BackToDashboard />
        <h1 className="text-2xl font-bold">Advanced Reports</h1>
        <p role="alert">Not enough permissions: Advanced Reports are for platform administrators.</p>
      </div>
    );
  }
  return <AdvancedReportsScreen />;
}
