import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';

/** Rendered inside the staff layout: the signed-in header stays, with a way back to the dashboard. */
export default function StaffNotFound() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Page not found</h1>
      <p className="text-slate-700 dark:text-slate-300">There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <BackToDashboard />
    </div>
  );
}
