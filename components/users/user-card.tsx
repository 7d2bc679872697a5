'use client';

import { memo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { AdminUser } from '@/lib/users/present';
import { roleLabel } from '@/lib/users/schema';

const ROLE_TONE = { superuser: 'danger', admin: 'brand', user: 'neutral' } as const;

export type CardAction = 'edit' | 'password' | 'toggle' | 'delete';

/** One user as a card; memoised so filtering re-renders only the cards that change. */
export const UserCard = memo(function UserCard({ user, isSelf, onAction }: { user: AdminUser; isSelf: boolean; onAction: (action: CardAction, user: AdminUser) => void }) {
  const onEdit = () => onAction('edit', user);
  const onChangePassword = () => onAction('password', user);
  const onToggleActive = () => onAction('toggle', user);
  const onDelete = () => onAction('delete', user);
  const fullName = `${user.first_name} ${user.last_name}`;
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 p-4 shadow-sm dark:border-slate-700" data-testid="user-card" aria-label={fullName}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">{fullName}</h3>
        <Badge tone={ROLE_TONE[user.role]}>{roleLabel(user.role)}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Email</dt>
        <dd className="truncate text-slate-900 dark:text-slate-100">{user.email}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Username</dt>
        <dd className="truncate text-slate-900 dark:text-slate-100">{user.username}</dd>
        <dt className="text-slate-600 dark:text-slate-400">School</dt>
        <dd className="truncate text-slate-900 dark:text-slate-100">{user.school_name || 'No school assigned'}</dd>
      </dl>
      <div className="mt-3">
        <Badge tone={user.is_active ? 'success' : 'neutral'}>{user.is_active ? 'Active' : 'Inactive'}</Badge>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" className="px-3 py-1.5" onClick={onEdit}>
          Edit
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" onClick={onChangePassword}>
          Change Password
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={onToggleActive}
          disabled={isSelf && user.is_active}
          title={isSelf && user.is_active ? 'You cannot deactivate your own account' : undefined}
        >
          {user.is_active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button variant="danger" className="px-3 py-1.5" onClick={onDelete} disabled={isSelf} title={isSelf ? 'You cannot delete your own account' : undefined}>
          Delete
        </Button>
      </div>
    </li>
  );
});
