import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthDialogLauncher } from '@/components/auth/auth-dialog-launcher';
import { HomeView } from '@/components/site/home-view';
import { staffSession } from '@/lib/auth/web-session';

export const metadata: Metadata = { title: 'Sign in' };

/** /login is the landing page with the sign-in dialog open. */
export default async function LoginPage() {
  if (await staffSession()) redirect('/dashboard');
  return (
    <>
      <HomeView />
      <AuthDialogLauncher openOnLoad />
    </>
  );
}
