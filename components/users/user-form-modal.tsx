'use client';

import { useState, type FormEvent } from 'react';
import { createUserAction, updateUserAction } from '@/app/actions/users';
import { ErrorList } from '@/components/ui/banner';
import { FormFooter } from '@/components/ui/form-footer';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import type { AdminUser } from '@/lib/users/present';
import { roleLabel } from '@/lib/users/schema';
import { callAction } from '@/lib/web/api';

export const NEW_SCHOOL = 'new';
const NO_SCHOOL = '';
export const CREATED = 'User created successfully';
export const CREATED_NEW_SCHOOL = 'User created successfully. They will be prompted to set up a new school on first login.';
export const UPDATED = 'User updated successfully';

type School = { id: number; name: string };

/** 'Create New User' / 'Edit User'. */
export function UserFormModal({
  user,
  schools,
  canChooseSuperuser,
  adminSchoolId,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  schools: School[];
  canChooseSuperuser: boolean;
  /** For an admin, the one school they may assign. */
  adminSchoolId: number | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const creating = user === null;
  const [form, setForm] = useState({
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    username: user?.username ?? '',
    password: '',
    role: user?.role ?? 'user',
    school: user ? (user.school_id === null ? NO_SCHOOL : String(user.school_id)) : adminSchoolId !== null ? String(adminSchoolId) : NO_SCHOOL,
  });
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [name]: e.target.value }));
    setErrors([]);
  };
  const roles = canChooseSuperuser || user?.role === 'superuser' ? ['user', 'admin', 'superuser'] : ['user', 'admin'];
  const schoolChoices = adminSchoolId !== null ? schools.filter((s) => s.id === adminSchoolId) : schools;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Every missing required field at once, in the order of the form.
    const missing = [
      !form.first_name.trim() && 'First name is required',
      !form.last_name.trim() && 'Last name is required',
      !form.email.trim() && 'E-mail is required',
      !form.username.trim() && 'Username is required',
      creating && !form.password && 'Password is required for new users',
    ].filter((m): m is string => !!m);
    if (missing.length) return setErrors(missing);
    const schoolId = form.school === NO_SCHOOL || form.school === NEW_SCHOOL ? null : Number(form.school);
    const common = { first_name: form.first_name, last_name: form.last_name, email: form.email, username: form.username, role: form.role };
    setBusy(true);
    const result = creating
      ? await callAction(() => createUserAction({ body: { ...common, password: form.password, ...(schoolId === null ? {} : { school_id: schoolId }) } }))
      : await callAction(() => updateUserAction({ params: { id: user.id }, body: { ...common, school_id: schoolId } }));
    setBusy(false);
    if (!result.ok) {
      return setErrors([result.error]);
    }
    onSaved(creating ? (form.school === NEW_SCHOOL ? CREATED_NEW_SCHOOL : CREATED) : UPDATED);
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={creating ? 'Create New User' : 'Edit User'} wide>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <ErrorList errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" required value={form.first_name} onChange={set('first_name')} autoComplete="off" />
          <TextField label="Last name" required value={form.last_name} onChange={set('last_name')} autoComplete="off" />
          <TextField label="E-mail" type="email" required value={form.email} onChange={set('email')} autoComplete="off" />
          <TextField label="Username" required value={form.username} onChange={set('username')} autoComplete="off" />
        </div>
        {creating && <TextField label="Password" type="password" required value={form.password} onChange={set('password')} autoComplete="new-password" hint="At least 12 characters with upper and lower case letters and a number." />}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Role" value={form.role} onChange={set('role')}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </SelectField>
          <SelectField label="School" value={form.school} onChange={set('school')}>
            {adminSchoolId === null && <option value={NO_SCHOOL}>No School Assigned</option>}
            {schoolChoices.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
            {creating && adminSchoolId === null && <option value={NEW_SCHOOL}>Create New School Account</option>}
          </SelectField>
        </div>
        {form.school === NEW_SCHOOL && <p className="text-sm text-slate-700 dark:text-slate-300">The new user will be asked to set up their school when they first sign in.</p>}
        <FormFooter label={creating ? 'Create User' : 'Save Changes'} busyLabel="Saving..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
