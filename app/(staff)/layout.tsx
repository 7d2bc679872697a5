import { ProfileModalHost } from '@/components/profile/profile-modal-host';
import { Header } from '@/components/site/header';
import { NO_PASSWORD } from '@/lib/auth/password';
import { requireStaff } from '@/app/(staff)/staff-screen';

export const dynamic = 'force-dynamic';

export default async function StaffLayout({ children }: { children: React.ReactNode }) {
  const u = (await requireStaff()).user;
  return (
    <div className="flex min-h-screen flex-col">
      <Header user={{ firstName: u.firstName }} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <ProfileModalHost user={{ firstName: u.firstName, lastName: u.lastName, email: u.email, username: u.username, ssoSchool: u.passwordHash === NO_PASSWORD ? (u.schoolName ?? 'your school') : null }} />
    </div>
  );
}
