import { DashboardView } from '@/components/dashboard/dashboard-view';
import { recentHandoffRequests } from '@/lib/chat/handoff';
import { mailState } from '@/lib/mail/health';
import { setupChecklist } from '@/lib/schools/checklist';
import { schoolExists } from '@/lib/schools/service';
import { featureOn, screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('dashboard');

export default staffScreen('dashboard', async (ctx) => {
  const hasSchool = await schoolExists(ctx);
  return (
    <DashboardView
      role={ctx.role}
      schoolName={ctx.user.schoolName}
      hasSchool={hasSchool}
      mail={await mailState()}
      handoffs={hasSchool && ctx.schoolId !== null ? await recentHandoffRequests(ctx) : null}
      checklist={hasSchool ? await setupChecklist(ctx) : null}
      prospectsEnabled={await featureOn(ctx, 'prospects')}
      passwordUpdate={{ required: ctx.user.requiresPasswordUpdate, deadline: ctx.user.passwordUpdateRequiredAt?.toISOString() ?? null }}
    />
  );
});
