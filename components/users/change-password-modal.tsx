'use client';

import { useState, type FormEvent } from 'react';
import { setUserPasswordAction } from '@/app/actions/users';
import { FIX_PASSWORD_FIRST, PasswordStrength, usePasswordCheck } from '@/components/auth/password-strength';
import { Banner } from '@/components/ui/banner';
import { FormFooter } from '@/components/ui/form-footer';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import type { AdminUser } from '@/lib/users/present';
import { callAction } from '@/lib/web/api';

export function ChangePasswordModal({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: (message: string, error?: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { result, ensure } = usePasswordCheck(password, user.username, user.email);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError('Password is required');
    if (!(await ensure()).is_valid) return setError(FIX_PASSWORD_FIRST);
    setBusy(true);
    const res = await callAction(() => setUserPasswordAction({ params: { id: user.id }, body: { new_password: password } }));
    setBusy(false);
    if (!res.ok) {
      return onDone(`Failed to update password: ${res.error}`, true);
    }
    onDone('Password updated successfully');
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Change Password for ${user.username}`}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {error && <Banner tone="error">{error}</Banner>}
        <TextField
          label="New password"
          type="password"
          required
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
        >
          <PasswordStrength password={password} result={result} />
        </TextField>
        <FormFooter label={'Update Password'} busyLabel="Saving..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
