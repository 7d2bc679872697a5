import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

/** Every sub-screen's way home, to /dashboard. */
export function BackToDashboard() {
  return (
    <Link href="/dashboard" className={buttonClass('secondary')}>
      <span aria-hidden="true">←</span> Back to Dashboard
    </Link>
  );
}
