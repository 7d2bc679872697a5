import { redirect } from 'next/navigation';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { getStaffSession } from '@/lib/auth/web-session';

export const dynamic = 'force-dynamic';

export default async function DashboardPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard');
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <header className="flex items-center justify-between">
        <p className="text-lg font-semibold">Welcome, {ctx.user.firstName}!</p>
        <SignOutButton />
      </header>
      <p className="mt-8 text-slate-600 dark:text-slate-300">
        Signed in as {ctx.user.firstName} {ctx.user.lastName} ({ctx.user.role}
        {ctx.user.schoolName ? `, ${ctx.user.schoolName}` : ''}).
      </p>
    </main>
  );
}
