// The User Management filters, as TanStack Table filter functions so the headless
// row model does the filtering and sorting; rows render as cards.
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type FilterFn,
} from '@tanstack/react-table';
import type { AdminUser } from '@/lib/users/present';

/** Only the table features this screen uses (TanStack Table v9 tree-shakes the rest). */
export const userTableFeatures = tableFeatures({
  columnFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

type UserFilterFn = FilterFn<typeof userTableFeatures, AdminUser>;

export const ROLE_USERS_AND_ADMINS = 'users_and_admins';
export const ROLE_ALL = 'all';
export const STATUS_ALL = 'all';
export const SCHOOL_ALL = 'all';
export const SCHOOL_NONE = 'none';

export type UserFilters = { search: string; role: string; status: string; school: string };
export const DEFAULT_FILTERS: UserFilters = { search: '', role: ROLE_USERS_AND_ADMINS, status: STATUS_ALL, school: SCHOOL_ALL };

// The lower-cased text a user is searched by, computed once per user object rather than per keystroke.
const haystacks = new WeakMap<AdminUser, string>();
export function searchText(u: AdminUser): string {
  let text = haystacks.get(u);
  if (text === undefined) {
    text = `${u.first_name} ${u.last_name}\n${u.email}\n${u.username}`.toLowerCase();
    haystacks.set(u, text);
  }
  return text;
}

/** Search over full name, e-mail and username, case-insensitively. */
export const matchesSearch: UserFilterFn = (row, _columnId, value: string) => {
  const q = value.trim().toLowerCase();
  return !q || searchText(row.original).includes(q);
};

/** 'Users and Admins' (the default) hides superusers; 'All Roles' shows everyone. */
export const matchesRole: UserFilterFn = (row, _columnId, value: string) => {
  const role = row.original.role;
  if (value === ROLE_ALL) return true;
  if (value === ROLE_USERS_AND_ADMINS) return role === 'user' || role === 'admin';
  return role === value;
};

export const matchesStatus: UserFilterFn = (row, _columnId, value: string) =>
  value === STATUS_ALL || (value === 'active' ? row.original.is_active : !row.original.is_active);

export const matchesSchool: UserFilterFn = (row, _columnId, value: string) => {
  if (value === SCHOOL_ALL) return true;
  if (value === SCHOOL_NONE) return row.original.school_id === null;
  return String(row.original.school_id) === value;
};

/** Roles present in the data, in the spec's order, for the role select. */
export function rolesFound(users: AdminUser[]): string[] {
  const found = new Set(users.map((u) => u.role));
  return ['user', 'admin', 'superuser'].filter((r) => found.has(r as AdminUser['role']));
}

/**
 * Whether the default role filter hides everyone the other filters would show, all of them
 * superusers (a new platform): then the screen says so instead of "no match".
 */
export function onlySuperusersHidden(users: AdminUser[], filters: UserFilters): boolean {
  const untouched = filters.search.trim() === '' && filters.status === STATUS_ALL && filters.school === SCHOOL_ALL;
  return filters.role === ROLE_USERS_AND_ADMINS && untouched && users.length > 0 && users.every((u) => u.role === 'superuser');
}
