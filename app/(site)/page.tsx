import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthDialogLauncher } from '@/components/auth/auth-dialog-launcher';
import { AboutView } from '@/components/site/about-view';
import { ContactView } from '@/components/site/contact-view';
import { HomeView } from '@/components/site/home-view';
import { ScrollToTop } from '@/components/site/scroll-to-top';
import { staffSession } from '@/lib/auth/web-session';

type Search = Promise<Record<string, string | string[] | undefined>>;

const VIEWS = { about: { title: 'About' }, contact: { title: 'Contact' } } as const;

export async function generateMetadata({ searchParams }: { searchParams: Search }): Promise<Metadata> {
  const { view } = await searchParams;
  return view === 'about' || view === 'contact' ? { title: VIEWS[view].title } : {};
}

/** The landing page; `?view=about|contact` switches the public page. */
export default async function LandingPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const view = params.view === 'about' || params.view === 'contact' ? params.view : 'home';
  // Signed-in staff land on their dashboard, unless they came for a public page or a reset link.
  if (view === 'home' && !params.token && !params.session && (await staffSession())) redirect('/dashboard');
  return (
    <>
      {view === 'about' ? <AboutView /> : view === 'contact' ? <ContactView /> : <HomeView />}
      <ScrollToTop view={view} />
      <AuthDialogLauncher />
    </>
  );
}
