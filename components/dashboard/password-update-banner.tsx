'use client';

import { Button } from '@/components/ui/button';
import { openProfileModal } from '@/lib/web/events';

export function PasswordUpdateBanner({ deadline }: { deadline: string | null }) {
  const due = deadline ? new Date(deadline).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : null;
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
      <div>
        <p className="font-semibold">Password Update Required</p>
        <p className="text-sm">
          {due ? `Please choose a new password by ${due}.` : 'An administrator set your password. Please choose a new one of your own.'}
        </p>
      </div>
      <Button onClick={openProfileModal}>Update Password Now</Button>
    </div>
  );
}
