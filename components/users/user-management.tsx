'use client';

import { createColumnHelper, sortFn_basic, useTable, type ColumnFiltersState, type PaginationState, type SortingState } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { deleteUserAction, listSchoolsAction, listUsersAction, updateUserAction } from '@/app/actions/users';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import type { AdminUser } from '@/lib/users/present';
import { roleLabel } from '@/lib/users/schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import { ChangePasswordModal } from './change-password-modal';
import {
  DEFAULT_FILTERS,
  matchesRole,
  matchesSchool,
  matchesSearch,
  matchesStatus,
  ROLE_ALL,
  ROLE_USERS_AND_ADMINS,
  rolesFound,
  SCHOOL_ALL,
  SCHOOL_NONE,
  onlySuperusersHidden,
  STATUS_ALL,
  userTableFeatures,
  type UserFilters,
} from './filters';
import { UserCard, type CardAction } from './user-card';
import { UserFormModal } from './user-form-modal';

const PAGE_SIZE = 30;
// Enough for every account of a large platform in one load; the list filters in the browser.
const LOAD_LIMIT = 5000;

const column = createColumnHelper<typeof userTableFeatures, AdminUser>();
const columns = column.columns([
  // Sort keys are plain comparable values so a keystroke's re-sort stays cheap.
  column.accessor((u) => `${u.last_name} ${u.first_name}`.toLowerCase(), { id: 'name', filterFn: matchesSearch, sortFn: sortFn_basic }),
  column.accessor('role', { id: 'role', filterFn: matchesRole }),
  column.accessor('is_active', { id: 'status', filterFn: matchesStatus }),
  column.accessor('school_id', { id: 'school', filterFn: matchesSchool }),
  column.accessor('created_at', { id: 'created', sortFn: sortFn_basic }),
]);

type School = { id: number; name: string };
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'password'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | null;

const SORTS: Record<string, SortingState> = {
  name: [{ id: 'name', desc: false }],
  newest: [{ id: 'created', desc: true }],
};

const NO_USERS: AdminUser[] = [];
const NO_SCHOOLS: School[] = [];

export function UserManagement({ currentUserId, currentRole, currentSchoolId }: { currentUserId: number; currentRole: string; currentSchoolId: number | null }) {
  const { error, success, setError, setSuccess } = useMessages();
  const [filters, setFilters] = useState<UserFilters>(DEFAULT_FILTERS);
  const [sort, setSort] = useState('name');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE });

  const usersData = useScreenData('users', () => listUsersAction({ query: { skip: 0, limit: LOAD_LIMIT } }), { onError: (f) => setError(`Failed to load users: ${f.error}`) });
  // A failed school list only empties the select.
  const schoolsData = useScreenData('user-schools', listSchoolsAction, { onError: (f) => console.error('Failed to load schools', f.error) });
  const users = usersData.data?.data ?? NO_USERS;
  const schools: School[] = schoolsData.data ?? NO_SCHOOLS;
  const loading = usersData.loading || schoolsData.loading;
  const { reload: reloadUsers } = usersData;
  const { reload: reloadSchools } = schoolsData;
  const load = useCallback(async () => {
    await Promise.all([reloadUsers(), reloadSchools()]);
  }, [reloadUsers, reloadSchools]);

  const columnFilters = useMemo<ColumnFiltersState>(
    () => [
      { id: 'name', value: filters.search },
      { id: 'role', value: filters.role },
      { id: 'status', value: filters.status },
      { id: 'school', value: filters.school },
    ],
    [filters],
  );

  const table = useTable({
    features: userTableFeatures,
    columns,
    data: users,
    state: { columnFilters, sorting: SORTS[sort], pagination },
    onPaginationChange: setPagination,
    autoResetPageIndex: true,
  });

  const shown = table.getFilteredRowModel().rows.length;
  const superusersOnly = onlySuperusersHidden(users, filters);
  const rows = table.getRowModel().rows;
  const firstPage = () => setPagination((p) => ({ ...p, pageIndex: 0 }));
  const setFilter = (name: keyof UserFilters) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [name]: e.target.value }));
    firstPage();
  };
  const announce = useCallback((message: string, isError = false) => {
    if (isError) {
      setError(message);
      setSuccess(null);
    } else {
      setSuccess(message);
      setError(null);
    }
  }, [setError, setSuccess]);

  const toggleActive = useCallback(
    async (user: AdminUser) => {
      const res = await callAction(() => updateUserAction({ params: { id: user.id }, body: { is_active: !user.is_active } }));
      if (!res.ok) {
        return announce(`Failed to update user: ${res.error}`, true);
      }
      announce(user.is_active ? 'User deactivated successfully' : 'User activated successfully');
      await load();
    },
    [announce, load],
  );

  async function remove(user: AdminUser) {
    setDialog(null);
    const res = await callAction(() => deleteUserAction({ params: { id: user.id } }));
    if (!res.ok) {
      return announce(`Failed to delete user: ${res.error}`, true);
    }
    announce('User deleted successfully');
    await load();
  }

  // One stable handler for every card, so unchanged cards skip re-rendering while the list filters.
  const onCardAction = useCallback(
    (action: CardAction, user: AdminUser) => {
      if (action === 'toggle') void toggleActive(user);
      else setDialog({ kind: action, user });
    },
    [toggleActive],
  );

  const canChooseSuperuser = currentRole === 'superuser';
  const adminSchoolId = currentRole === 'superuser' ? null : currentSchoolId;

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToDashboard />
        <Button onClick={() => setDialog({ kind: 'create' })}>Add New User</Button>
      </div>
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">User Management</h1>

      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />

      {/* Search takes its own row, so each select keeps room for its longest option ('Users and Admins'). */}
      <section aria-label="Filters" className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-700">
        <div className="sm:col-span-2 lg:col-span-4">
          <label htmlFor="user-search" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Search
          </label>
          <input id="user-search" type="search" className={inputClass} placeholder="Search users..." value={filters.search} onChange={setFilter('search')} />
        </div>
        <SelectField label="Role" value={filters.role} onChange={setFilter('role')}>
          <option value={ROLE_USERS_AND_ADMINS}>Users and Admins</option>
          <option value={ROLE_ALL}>All Roles</option>
          {rolesFound(users).map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={filters.status} onChange={setFilter('status')}>
          <option value={STATUS_ALL}>All Status</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
        <SelectField label="School" value={filters.school} onChange={setFilter('school')}>
          <option value={SCHOOL_ALL}>All Schools</option>
          <option value={SCHOOL_NONE}>No School Assigned</option>
          {schools.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sort by"
          value={sort}
          onChange={(e) => {
            setSort(e.target.value);
            firstPage();
          }}
        >
          <option value="name">Name</option>
          <option value="newest">Newest first</option>
        </SelectField>
        <div className="flex items-end sm:col-span-2 lg:col-span-4">
          <Button
            variant="secondary"
            onClick={() => {
              setFilters(DEFAULT_FILTERS);
              firstPage();
            }}
          >
            Clear Filters
          </Button>
        </div>
      </section>

      {loading ? (
        <p role="status" className="text-slate-700 dark:text-slate-300">
          Loading users...
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" role="status" data-testid="user-count">
            Showing {shown} of {users.length} users
          </p>
          {users.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">No users found.</p>
          ) : shown === 0 && superusersOnly ? (
            // A new platform has only its superusers, whom the default filter hides: say so, not "no match".
            <div className="space-y-3 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300" data-testid="only-superusers">
              <p>No school staff yet. Superusers are hidden by the &apos;Users and Admins&apos; filter.</p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => setDialog({ kind: 'create' })}>Add New User</Button>
                <Button variant="secondary" onClick={() => setFilter('role')({ target: { value: ROLE_ALL } })}>
                  Show All Roles
                </Button>
              </div>
            </div>
          ) : shown === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">No users match the current filters.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {rows.map((row) => (
                <UserCard key={row.original.id} user={row.original} isSelf={row.original.id === currentUserId} onAction={onCardAction} />
              ))}
            </ul>
          )}
          {table.getPageCount() > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-center gap-3 text-sm">
              <Button variant="secondary" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
                Previous
              </Button>
              <span>
                Page {pagination.pageIndex + 1} of {table.getPageCount()}
              </span>
              <Button variant="secondary" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserFormModal
          user={dialog.kind === 'edit' ? dialog.user : null}
          schools={schools}
          canChooseSuperuser={canChooseSuperuser}
          adminSchoolId={adminSchoolId}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            setDialog(null);
            announce(message);
            void load();
          }}
        />
      )}
      {dialog?.kind === 'password' && (
        <ChangePasswordModal
          user={dialog.user}
          onClose={() => setDialog(null)}
          onDone={(message, isError) => {
            setDialog(null);
            announce(message, isError);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog title="Delete User" onCancel={() => setDialog(null)} onConfirm={() => void remove(dialog.user)}>
          Are you sure you want to delete user &quot;{dialog.user.username}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
