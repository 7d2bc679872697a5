import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ChatbotManagement } from '@/components/chatbot/chatbot-management';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'Chatbot Management' };

export default async function ChatbotPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/chatbot');
  return <ChatbotManagement schoolName={ctx.user.schoolName} />;
}
