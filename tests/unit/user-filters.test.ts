import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, ROLE_ALL, superusersHidden } from '@/components/users/filters';
import type { AdminUser } from '@/lib/users/present';

const user = (id: number, role: string): AdminUser => ({
  id,
  email: `u${id}@example.edu`,
  username: `u${id}`,
  first_name: 'U',
  last_name: String(id),
  role: role as AdminUser['role'],
  is_active: true,
  school_id: null,
  school_name: '',
  requires_password_update: false,
  created_at: new Date(0).toISOString(),
  last_login_at: null,
});

describe('superusersHidden', () => {
  it("says when the default filter hides everyone there is (a new platform's first superuser)", () => {
    expect(superusersHidden([user(1, 'superuser')], DEFAULT_FILTERS)).toEqual({ count: 1, onlyThem: true });
  });
  it('counts hidden superusers beside staff, and nothing once All Roles is chosen', () => {
    expect(superusersHidden([user(1, 'superuser'), user(2, 'admin')], DEFAULT_FILTERS)).toEqual({ count: 1, onlyThem: false });
    expect(superusersHidden([user(1, 'superuser')], { ...DEFAULT_FILTERS, role: ROLE_ALL })).toEqual({ count: 0, onlyThem: false });
  });
  it('leaves "no match" to a search or filter the staff member typed', () => {
    expect(superusersHidden([user(1, 'superuser')], { ...DEFAULT_FILTERS, search: 'zed' }).onlyThem).toBe(false);
  });
});
