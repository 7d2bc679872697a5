import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ChatbotManagement } from '@/components/chatbot/chatbot-management';
import { MailStateBanner } from '@/components/dashboard/mail-state-banner';
import { getStaffSession } from '@/lib/auth/web-session';
import { mailState } from '@/lib/mail/health';

export const metadata: Metadata = { title: 'Chatbot Management' };

export default async function ChatbotPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/chatbot');
  return (
    <>
      <MailStateBanner state={await mailState()} wrapClassName="mx-auto max-w-6xl px-4 pt-6 sm:px-6" />
      <ChatbotManagement schoolName={ctx.user.schoolName} />
    </>
  );
}
