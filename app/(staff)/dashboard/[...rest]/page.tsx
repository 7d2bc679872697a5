import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

export const metadata: Metadata = { title: 'Page not found' };

// Any /dashboard/* address without a screen of its own: the staff not-found page (inside the staff
// layout, so the header and a way back stay), not the framework's bare 404.
export default function UnknownStaffPage() {
  notFound();
}
