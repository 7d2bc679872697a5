import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, ROLE_ALL, onlySuperusersHidden } from '@/components/users/filters';
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

describe('onlySuperusersHidden', () => {
  it("says when the default filter hides everyone there is (a new platform's first superuser)", () => {
    expect(onlySuperusersHidden([user(1, 'superuser')], DEFAULT_FILTERS)).toBe(true);
  });
  it('says nothing when staff are there too, or once All Roles is chosen', () => {
    expect(onlySuperusersHidden([user(1, 'superuser'), user(2, 'admin')], DEFAULT_FILTERS)).toBe(false);
    expect(onlySuperusersHidden([user(1, 'superuser')], { ...DEFAULT_FILTERS, role: ROLE_ALL })).toBe(false);
  });
  it('leaves "no match" to a search or filter the staff member typed', () => {
    expect(onlySuperusersHidden([user(1, 'superuser')], { ...DEFAULT_FILTERS, search: 'zed' })).toBe(false);
  });
});
