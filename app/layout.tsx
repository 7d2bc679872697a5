import type { Metadata, Viewport } from 'next';
import { THEME_BOOT_SCRIPT } from '@/components/theme/dark-mode';
import { InputModality } from '@/components/ui/input-modality';
import { publicOrigin } from '@/lib/system/public-origin';
import './globals.css';

// Per request, not at module load: the share image's address uses the same public address as
// e-mailed links (APP_URL, or this server's own port), whatever the build saw.
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(publicOrigin()),
    title: { default: 'Lantern — the admissions assistant for schools', template: '%s · Lantern' },
    description: 'Lantern answers prospective students and families from your school’s own knowledge, day and night.',
    icons: { icon: '/favicon.svg' },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body className="min-h-screen">
        <InputModality />
        {children}
      </body>
    </html>
  );
}
