import { Footer } from '@/components/site/footer';
import { Header } from '@/components/site/header';
import { staffSession } from '@/lib/auth/web-session';

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const ctx = await staffSession();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Header user={ctx ? { firstName: ctx.user.firstName } : null} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}
