import { ChatbotManagement } from '@/components/chatbot/chatbot-management';
import { MailStateBanner } from '@/components/dashboard/mail-state-banner';
import { mailState } from '@/lib/mail/health';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('chatbot');

export default staffScreen('chatbot', async (ctx) => (
  <>
    <MailStateBanner state={await mailState()} wrapClassName="mx-auto max-w-6xl px-4 pt-6 sm:px-6" />
    <ChatbotManagement schoolName={ctx.user.schoolName} canErase={ctx.role !== 'user'} />
  </>
));
