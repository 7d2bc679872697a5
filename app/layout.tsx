import type { Metadata } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: 'Lantern — the admissions assistant for schools',
  description: 'Lantern answers prospective students and families from your school’s own knowledge, day and night.',
  icons: { icon: '/favicon.svg' },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
