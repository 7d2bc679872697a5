'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { updateProfileAction } from '@/app/actions/profile';
import { FIX_PASSWORD_FIRST, PasswordStrength, usePasswordCheck } from '@/components/auth/password-strength';
import { Banner } from '@/components/ui/banner';
import { FormFooter } from '@/components/ui/form-footer';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { callAction } from '@/lib/web/api';

/** `ssoSchool`: the account was made by that school's single sign-on and has no password of its own. */
export type ProfileUser = { firstName: string; lastName: string; email: string; username: string; ssoSchool: string | null };

/** Profile Settings: names, e-mail, and an optional password change. */
export default function ProfileModal({ user, onClose }: { user: ProfileUser; onClose: () => void }) {
  const router = useRouter();
  const [form, setForm] = useState({ first_name: user.firstName, last_name: user.lastName, email: user.email, current_password: '', new_password: '', confirm_password: '' });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailChanged = form.email.trim().toLowerCase() !== user.email.toLowerCase();
  const { result: passwordCheck, ensure } = usePasswordCheck(form.new_password, user.username, form.email);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [name]: e.target.value }));
    setError(null);
    setSaved(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.first_name.trim() || !form.last_name.trim() || !form.email.trim()) return setError('First name, last name and e-mail are required');
    const changingPassword = form.new_password !== '';
    if (changingPassword) {
      if (form.new_password !== form.confirm_password) return setError('New passwords do not match');
      if (!form.current_password) return setError('Current password is required to change password');
      if (!(await ensure()).is_valid) return setError(FIX_PASSWORD_FIRST);
    }
    if (emailChanged && !form.current_password) return setError('Current password is required to change e-mail');
    setBusy(true);
    const payload = {
      first_name: form.first_name,
      last_name: form.last_name,
      email: form.email,
      // The current password travels only when it is needed: a new e-mail or a new password.
      ...(changingPassword || emailChanged ? { current_password: form.current_password } : {}),
      ...(changingPassword ? { new_password: form.new_password } : {}),
    };
    const result = await callAction(() => updateProfileAction({ body: payload }));
    setBusy(false);
    if (!result.ok) {
      return setError(result.error || 'Failed to update profile');
    }
    setForm((f) => ({ ...f, current_password: '', new_password: '', confirm_password: '' }));
    setSaved(true);
    router.refresh();
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Profile Settings" wide>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {error && <Banner tone="error">{error}</Banner>}
        {saved && <Banner tone="success">Profile updated successfully</Banner>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" name="first_name" required autoComplete="given-name" value={form.first_name} onChange={set('first_name')} />
          <TextField label="Last name" name="last_name" required autoComplete="family-name" value={form.last_name} onChange={set('last_name')} />
        </div>
        {user.ssoSchool ? (
          <>
            <Banner tone="info">Signed in with {user.ssoSchool} SSO</Banner>
            <TextField label="E-mail" name="email" type="email" readOnly hint="Your e-mail address and password are kept by your school's sign-in service." value={form.email} onChange={set('email')} />
          </>
        ) : (
          <>
            <TextField label="E-mail" name="email" type="email" required autoComplete="email" value={form.email} onChange={set('email')} />
            <TextField
              label="Current password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              required={emailChanged}
              hint={emailChanged ? 'Enter your current password to change your e-mail.' : 'Needed only to change your e-mail or password.'}
              value={form.current_password}
              onChange={set('current_password')}
            />
            <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <legend className="px-1 text-sm font-semibold">Change password</legend>
              <p className="text-xs text-slate-600 dark:text-slate-400">Leave these empty to keep your current password.</p>
              <TextField label="New password" name="new_password" type="password" autoComplete="new-password" value={form.new_password} onChange={set('new_password')}>
                <PasswordStrength password={form.new_password} result={passwordCheck} />
              </TextField>
              <TextField label="Confirm new password" name="confirm_password" type="password" autoComplete="new-password" value={form.confirm_password} onChange={set('confirm_password')} />
            </fieldset>
          </>
        )}
        <FormFooter label={'Save Changes'} busyLabel="Saving..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
