import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ProfileModalHost } from '@/components/profile/profile-modal-host';
import { Header } from '@/components/site/header';
import { getStaffSession } from '@/lib/auth/web-session';
import { sessionExpiredUrl, STAFF_PATH_HEADER } from '@/lib/web/staff-path';

export const dynamic = 'force-dynamic';

export default async function StaffLayout({ children }: { children: React.ReactNode }) {
  const ctx = await getStaffSession();
  // proxy.ts catches requests without a cookie; this catches a session that ended on the server
  // (signed out, password changed elsewhere, deactivated) while its cookie lives on.
  if (!ctx) redirect(sessionExpiredUrl((await headers()).get(STAFF_PATH_HEADER)));
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
