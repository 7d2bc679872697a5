import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { UserManagement } from '@/components/users/user-management';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'User Management' };

/** Superusers manage every account; admins the accounts of their school; users may not enter. */
export default async function UsersPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/users');
  if (ctx.role === 'user' || (ctx.role === 'admin' && ctx.schoolId === null)) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        <BackToDashboard />
        <h1 className="text-2xl font-bold">User Management</h1>
        <p role="alert">Not enough permissions: only administrators can manage users.</p>
      </div>
    );
  }
  return <UserManagement currentUserId={ctx.user.id} currentRole={ctx.role} currentSchoolId={ctx.schoolId} />;
}
