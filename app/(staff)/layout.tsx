import { redirect } from 'next/navigation';
import { ProfileModalHost } from '@/components/profile/profile-modal-host';
import { Header } from '@/components/site/header';
import { getStaffSession } from '@/lib/auth/web-session';

export const dynamic = 'force-dynamic';

export default async function StaffLayout({ children }: { children: React.ReactNode }) {
  const ctx = await getStaffSession();
  // proxy.ts catches signed-out requests first; this catches a session that ended (deactivation).
  if (!ctx) redirect('/?session=expired');
  const u = ctx.user;
  return (
    <div className="flex min-h-screen flex-col">
      <Header user={{ firstName: u.firstName }} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <ProfileModalHost user={{ firstName: u.firstName, lastName: u.lastName, email: u.email, username: u.username }} />
    </div>
  );
}
