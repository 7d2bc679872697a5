import type { Metadata, Viewport } from 'next';
import { THEME_BOOT_SCRIPT } from '@/components/theme/dark-mode';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(process.env.APP_URL || process.env.NEXTAUTH_URL || 'http://localhost:3000'),
  title: { default: 'Lantern — the admissions assistant for schools', template: '%s · Lantern' },
  description: 'Lantern answers prospective students and families from your school’s own knowledge, day and night.',
  icons: { icon: '/favicon.svg' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
