import { UserManagement } from '@/components/users/user-management';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('users');

export default staffScreen('users', (ctx) => <UserManagement currentUserId={ctx.user.id} currentRole={ctx.role} currentSchoolId={ctx.schoolId} />);
