import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { SchedulerDashboard } from '@/components/scheduler/scheduler-dashboard';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'Scheduler Dashboard' };

export default async function SchedulerPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/scheduler');
  if (ctx.role !== 'superuser') {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        <BackToDashboard />
        <h1 className="text-2xl font-bold">Scheduler Dashboard</h1>
        <p role="alert">Not enough permissions: the scheduler is for platform administrators.</p>
      </div>
    );
  }
  return <SchedulerDashboard />;
}
