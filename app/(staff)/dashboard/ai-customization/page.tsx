import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AiCustomization } from '@/components/ai-customization/ai-customization';
import { getStaffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'AI Customization' };

export default async function AiCustomizationPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/ai-customization');
  return <AiCustomization />;
}
