'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useEffect, useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { apiJson, ApiError } from '@/lib/web/api';
import { clearSessionMessage, takeRedirectAfterLogin } from '@/lib/web/session-state';
import { ssoButtonLabel, startSso, useSsoLookup } from './sso-sign-in';
import { authReducer, dialogTitle, initialAuthState, isAdminRole, outcomeOfCheck, type AuthMode, type CheckResult, type Fields } from './auth-dialog-machine';
import { FIX_PASSWORD_FIRST, PasswordStrength, usePasswordCheck } from './password-strength';

export const RESET_EMAIL_SENT = 'Password reset email sent! Check your inbox.';
export const RESET_DONE = 'Password reset successfully! You can now log in with your new password.';
const RETURN_TO_LOGIN_MS = 2000;

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : 'An error occurred');

export type AuthDialogRequest = { mode?: AuthMode; notice?: string | null; error?: string | null; resetToken?: string | null; nonce: number };

/** The sign-in dialog with its seven modes. Opened by AuthDialogLauncher. */
export default function AuthDialog({ request, onClosed }: { request: AuthDialogRequest; onClosed: () => void }) {
  const router = useRouter();
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const [versionLabel, setVersionLabel] = useState('');
  const { fields, mode } = state;
  const passwordForCheck = mode === 'register' || mode === 'reset-password' ? fields.password : '';
  const { result: passwordCheck, ensure: ensurePassword } = usePasswordCheck(passwordForCheck, fields.username, fields.email);
  const sso = useSsoLookup(mode === 'login' ? fields.email : '');
  // A school that enforces single sign-on takes no password for its addresses; a platform
  // administrator under one still can (the server decides), so the password stays one click away.
  const [passwordAnyway, setPasswordAnyway] = useState(false);
  const passwordHidden = mode === 'login' && Boolean(sso?.enforce) && !passwordAnyway;

  useEffect(() => {
    dispatch({ type: 'open', mode: request.mode, notice: request.notice, error: request.error, resetToken: request.resetToken });
    if (request.notice) clearSessionMessage();
    let live = true;
    apiJson<{ count: number; allow_registration: boolean }>('/auth/user-count').then(
      (r) => live && dispatch({ type: 'userCount', count: r.count, allowRegistration: r.allow_registration }),
      () => live && dispatch({ type: 'userCountFailed' }),
    );
    apiJson<{ version: string; codename?: string | null }>('/health').then(
      (h) => live && setVersionLabel(`Lantern v${h.version}${h.codename ? ` (${h.codename})` : ''}`),
      () => console.info('Welcome to Lantern'),
    );
    return () => {
      live = false;
    };
  }, [request]);

  const close = () => {
    dispatch({ type: 'close' });
    onClosed();
  };
  const set = (name: keyof Fields) => (e: { target: { value: string } }) => dispatch({ type: 'field', name, value: e.target.value });
  const switchTo = (m: AuthMode) => () => dispatch({ type: 'switch', mode: m });

  async function finishSignIn(userId?: number) {
    const res = await signIn('credentials', {
      email: fields.email,
      password: fields.password,
      selected_user_id: userId ? String(userId) : '',
      redirect: false,
    });
    if (!res || res.error) {
      dispatch({ type: 'failed', error: res?.error && res.error !== 'CredentialsSignin' ? res.error : 'An error occurred' });
      return;
    }
    const next = takeRedirectAfterLogin() ?? '/dashboard';
    dispatch({ type: 'close' });
    onClosed();
    router.replace(next);
    router.refresh();
  }

  async function checkAccounts(): Promise<CheckResult> {
    return apiJson<CheckResult>('/auth/check-accounts', { body: { email: fields.email, password: fields.password } });
  }

  async function onLogin() {
    const result = await checkAccounts();
    dispatch({ type: 'accountsChecked', result });
    const outcome = outcomeOfCheck(result);
    if (outcome.next === 'login-as') await finishSignIn(outcome.userId);
    else if (outcome.next === 'plain-login') await finishSignIn();
  }

  async function onSchoolAccess() {
    if (state.selectedSchoolIds.length > 0) {
      await apiJson('/auth/grant-school-access', { body: { email: fields.email, password: fields.password, school_ids: state.selectedSchoolIds } });
    }
    const result = await checkAccounts();
    dispatch({ type: 'advance', mode: 'school-selection', accounts: result.user_accounts });
  }

  async function onRegister() {
    if (fields.password !== fields.confirm_password) return dispatch({ type: 'failed', error: 'Passwords do not match' });
    if (!(await ensurePassword()).is_valid) return dispatch({ type: 'failed', error: FIX_PASSWORD_FIRST });
    const created = await apiJson<{ user: { user_id: number } }>('/auth/register', {
      body: { email: fields.email, password: fields.password, username: fields.username, first_name: fields.first_name, last_name: fields.last_name },
    });
    await finishSignIn(created.user.user_id);
  }

  async function onReset() {
    if (fields.password !== fields.confirm_password) return dispatch({ type: 'failed', error: 'Passwords do not match' });
    if (!(await ensurePassword()).is_valid) return dispatch({ type: 'failed', error: FIX_PASSWORD_FIRST });
    await apiJson('/auth/reset-password', { body: { token: state.resetToken, new_password: fields.password } });
    const url = new URL(window.location.href);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    dispatch({ type: 'succeeded', message: RESET_DONE });
    setTimeout(() => dispatch({ type: 'resetDone', message: RESET_DONE }), RETURN_TO_LOGIN_MS);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.busy) return;
    if (mode === 'select-account' && !state.selectedUserId) return dispatch({ type: 'failed', error: 'Please select an account' });
    if (mode === 'school-selection' && !state.selectedUserId) return dispatch({ type: 'failed', error: 'Please select a school to login to' });
    dispatch({ type: 'busy' });
    try {
      if (mode === 'login') await onLogin();
      else if (mode === 'register') await onRegister();
      else if (mode === 'forgot-password') {
        await apiJson('/auth/request-password-reset', { body: { email: fields.email } });
        dispatch({ type: 'succeeded', message: RESET_EMAIL_SENT });
      } else if (mode === 'reset-password') await onReset();
      else if (mode === 'select-account' || mode === 'school-selection') await finishSignIn(state.selectedUserId!);
      else if (mode === 'school-access') await onSchoolAccess();
    } catch (err) {
      dispatch({ type: 'failed', error: errorText(err) });
    }
  }

  const submitLabel: Record<AuthMode, string> = {
    login: 'Sign In',
    register: 'Create Account',
    'forgot-password': 'Send Reset Email',
    'reset-password': 'Update Password',
    'select-account': 'Continue',
    'school-access': 'Continue',
    'school-selection': 'Login to Selected School',
  };

  let body: ReactNode;
  if (mode === 'login') {
    body = (
      <>
        <TextField label="E-mail" type="email" name="email" autoComplete="email" required value={fields.email} onChange={set('email')} />
        {sso && (
          <Button type="button" variant={sso.enforce ? 'primary' : 'secondary'} className="w-full" onClick={() => startSso(fields.email)}>
            {ssoButtonLabel(sso.school_name)}
          </Button>
        )}
        {!passwordHidden && <TextField label="Password" type="password" name="password" autoComplete="current-password" required value={fields.password} onChange={set('password')} />}
        {passwordHidden && (
          <button type="button" className="text-sm text-brand-800 hover:underline dark:text-brand-300" onClick={() => setPasswordAnyway(true)}>
            Platform administrator? Sign in with a password
          </button>
        )}
      </>
    );
  } else if (mode === 'register') {
    body = (
      <>
        {state.userCount === 0 && <p className="text-sm text-slate-700 dark:text-slate-300">Welcome! Create your administrator account to get started.</p>}
        <TextField label="E-mail" type="email" name="email" autoComplete="email" required value={fields.email} onChange={set('email')} />
        <TextField label="Password" type="password" name="password" autoComplete="new-password" required value={fields.password} onChange={set('password')}>
          <PasswordStrength password={fields.password} result={passwordCheck} />
        </TextField>
        <TextField label="Confirm password" type="password" name="confirm_password" autoComplete="new-password" required value={fields.confirm_password} onChange={set('confirm_password')} />
        <TextField label="Username" name="username" autoComplete="username" required value={fields.username} onChange={set('username')} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="First name" name="first_name" autoComplete="given-name" required value={fields.first_name} onChange={set('first_name')} />
          <TextField label="Last name" name="last_name" autoComplete="family-name" required value={fields.last_name} onChange={set('last_name')} />
        </div>
      </>
    );
  } else if (mode === 'forgot-password') {
    body = <TextField label="E-mail" type="email" name="email" autoComplete="email" required value={fields.email} onChange={set('email')} />;
  } else if (mode === 'reset-password') {
    body = (
      <>
        <TextField label="New password" type="password" name="new_password" autoComplete="new-password" required value={fields.password} onChange={set('password')}>
          <PasswordStrength password={fields.password} result={passwordCheck} />
        </TextField>
        <TextField label="Confirm password" type="password" name="confirm_password" autoComplete="new-password" required value={fields.confirm_password} onChange={set('confirm_password')} />
      </>
    );
  } else if (mode === 'school-access') {
    body = (
      <fieldset>
        <legend className="text-sm text-slate-700 dark:text-slate-300">As a SuperUser, you can have access to all schools</legend>
        {state.missingSchools.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">No additional schools available.</p>
        ) : (
          <ul className="mt-3 max-h-64 space-y-2 overflow-y-auto">
            {state.missingSchools.map((school) => {
              const checked = state.selectedSchoolIds.includes(school.id);
              return (
                <li key={school.id}>
                  <label className={`flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm ${checked ? 'border-brand-600 bg-brand-50 dark:bg-brand-900/40' : 'border-slate-300 dark:border-slate-600'}`}>
                    <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={checked} onChange={() => dispatch({ type: 'toggleSchool', id: school.id })} />
                    <span className="flex-1">{school.name}</span>
                    {checked && <span aria-hidden="true">✓</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
    );
  } else {
    const legend = mode === 'select-account' ? 'Choose the account to sign in to' : 'Choose the school to sign in to';
    body = (
      <fieldset>
        <legend className="text-sm text-slate-700 dark:text-slate-300">{legend}</legend>
        <ul className="mt-3 max-h-64 space-y-2 overflow-y-auto">
          {state.accounts.map((a) => (
            <li key={a.user_id}>
              <label className={`flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm ${state.selectedUserId === a.user_id ? 'border-brand-600 bg-brand-50 dark:bg-brand-900/40' : 'border-slate-300 dark:border-slate-600'}`}>
                <input type="radio" name="account" className="h-4 w-4 accent-brand-700" checked={state.selectedUserId === a.user_id} onChange={() => dispatch({ type: 'selectUser', id: a.user_id })} />
                <span className="flex-1">
                  <span className="block font-medium">{a.school_name || 'No School Assigned'}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">@{a.username}</span>
                </span>
                {isAdminRole(a.role) && <Badge tone="brand">Admin</Badge>}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  }

  return (
    <Modal open={state.open} onOpenChange={(o) => !o && close()} title={dialogTitle(state)}>
      <form onSubmit={submit} className="space-y-4">
        {state.notice && mode === 'login' && <Banner tone="warning">{state.notice}</Banner>}
        {state.error && <Banner tone="error">{state.error}</Banner>}
        {state.success && <Banner tone="success">{state.success}</Banner>}
        {body}
        {!passwordHidden && (
          <Button type="submit" className="w-full" disabled={state.busy}>
            {state.busy ? 'Please wait...' : submitLabel[mode]}
          </Button>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          {mode === 'login' && (
            <>
              {!passwordHidden && (
                <button type="button" className="text-brand-800 hover:underline dark:text-brand-300" onClick={switchTo('forgot-password')}>
                  Forgot your password?
                </button>
              )}
              {state.allowRegistration && (
                <span className="text-slate-700 dark:text-slate-300">
                  No account?{' '}
                  <button type="button" className="font-medium text-brand-800 hover:underline dark:text-brand-300" onClick={switchTo('register')}>
                    Sign up
                  </button>
                </span>
              )}
            </>
          )}
          {mode === 'register' && state.userCount !== 0 && (
            <span className="text-slate-700 dark:text-slate-300">
              Already have an account?{' '}
              <button type="button" className="font-medium text-brand-800 hover:underline dark:text-brand-300" onClick={switchTo('login')}>
                Sign in
              </button>
            </span>
          )}
          {(mode === 'forgot-password' || mode === 'reset-password' || mode === 'select-account' || mode === 'school-selection' || mode === 'school-access') && (
            <button type="button" className="text-brand-800 hover:underline dark:text-brand-300" onClick={switchTo('login')}>
              Back to login
            </button>
          )}
        </div>
        {mode === 'login' && versionLabel && <p className="text-center text-xs text-slate-600 dark:text-slate-400">{versionLabel}</p>}
      </form>
    </Modal>
  );
}
