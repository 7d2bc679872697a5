import { describe, expect, it } from 'vitest';
import { authReducer, dialogTitle, initialAuthState, outcomeOfCheck, type AuthState } from '@/components/auth/auth-dialog-machine';

const open = (over: Partial<AuthState> = {}) => ({ ...authReducer(initialAuthState, { type: 'open' }), ...over });
const account = (user_id: number, school_name: string | null = 'Oak') => ({ user_id, username: 'lee', role: 'user', school_name });

describe('auth dialog state machine', () => {
  it('turns into the first-run setup when there are no users', () => {
    const s = authReducer(open(), { type: 'userCount', count: 0, allowRegistration: true });
    expect(s.mode).toBe('register');
    expect(dialogTitle(s)).toBe('Initial Setup');
    const later = authReducer(open(), { type: 'userCount', count: 3, allowRegistration: true });
    expect(later.mode).toBe('login');
    expect(dialogTitle({ mode: 'register', userCount: 3 })).toBe('Create Account');
  });

  it('falls back to login only when the user count cannot be read', () => {
    const s = authReducer(open({ mode: 'register', allowRegistration: true }), { type: 'userCountFailed' });
    expect(s).toMatchObject({ mode: 'login', allowRegistration: false });
  });

  it('keeps the reset mode when opened from a reset link, even with zero users', () => {
    const s = authReducer(authReducer(initialAuthState, { type: 'open', resetToken: 'abc' }), { type: 'userCount', count: 0, allowRegistration: true });
    expect(s).toMatchObject({ mode: 'reset-password', resetToken: 'abc' });
  });

  it('clears every field on switching mode and on closing', () => {
    let s = authReducer(open(), { type: 'field', name: 'email', value: 'a@b.c' });
    s = authReducer(s, { type: 'field', name: 'password', value: 'secret' });
    expect(authReducer(s, { type: 'switch', mode: 'forgot-password' }).fields.email).toBe('');
    const closed = authReducer(s, { type: 'close' });
    expect(closed.fields).toEqual(initialAuthState.fields);
    expect(closed.open).toBe(false);
  });

  it('branches after the account check as the spec orders it', () => {
    expect(outcomeOfCheck({ user_accounts: [account(1)], missing_schools: [{ id: 9, name: 'Elm' }] })).toEqual({ next: 'school-access' });
    expect(outcomeOfCheck({ user_accounts: [account(1), account(2)], missing_schools: [] })).toEqual({ next: 'select-account' });
    expect(outcomeOfCheck({ user_accounts: [account(7)], missing_schools: [] })).toEqual({ next: 'login-as', userId: 7 });
    expect(outcomeOfCheck({ user_accounts: [], missing_schools: [] })).toEqual({ next: 'plain-login' });

    const toAccess = authReducer(open(), { type: 'accountsChecked', result: { user_accounts: [account(1)], missing_schools: [{ id: 9, name: 'Elm' }] } });
    expect(toAccess.mode).toBe('school-access');
    const toSelect = authReducer(open(), { type: 'accountsChecked', result: { user_accounts: [account(1), account(2)], missing_schools: [] } });
    expect(toSelect.mode).toBe('select-account');
  });

  it('toggles schools for access and returns to login after a reset with its message', () => {
    let s = authReducer(open({ mode: 'school-access' }), { type: 'toggleSchool', id: 4 });
    s = authReducer(s, { type: 'toggleSchool', id: 5 });
    s = authReducer(s, { type: 'toggleSchool', id: 4 });
    expect(s.selectedSchoolIds).toEqual([5]);
    const done = authReducer(open({ mode: 'reset-password', resetToken: 't' }), { type: 'resetDone', message: 'ok!' });
    expect(done).toMatchObject({ mode: 'login', resetToken: null, success: 'ok!' });
  });

  it('shows the session-expired notice in login mode', () => {
    const s = authReducer(initialAuthState, { type: 'open', notice: 'Your session has expired. Please log in again.' });
    expect(s.notice).toBe('Your session has expired. Please log in again.');
    expect(authReducer(s, { type: 'switch', mode: 'register' }).notice).toBeNull();
  });
});
