'use client';

import { buttonClass } from '@/components/ui/button';
import { openLoginDialog } from '@/lib/web/events';

export function OpenLoginButton({ children, className = '' }: { children: React.ReactNode; className?: string }) {
  return (
    <button type="button" onClick={openLoginDialog} className={buttonClass('primary', `px-6 py-3 text-base ${className}`)}>
      {children}
    </button>
  );
}
