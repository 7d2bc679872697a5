'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { updateSchoolSectionAction } from '@/app/actions/school';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { FormFooter } from '@/components/ui/form-footer';
import type { SchoolView } from '@/lib/schools/present';
import type { SectionKey } from '@/lib/schools/schema';
import { callAction } from '@/lib/web/api';

/** Words used in the section's messages: '{Section} information updated successfully!'. */
export const MESSAGE_NAME: Record<SectionKey, string> = {
  basic: 'Basic',
  classification: 'Classification',
  branding: 'Branding',
  contact: 'Contact',
  tuition: 'Tuition',
  social: 'Social media',
};

export type SectionFormProps<T> = { draft: T; setDraft: (update: (d: T) => T) => void };

/**
 * One School Management section: a read-only view with Edit, then a form with Cancel (back to the
 * loaded values) and Save (PATCH of that section).
 */
export function EditableSection<T>({
  section,
  school,
  toDraft,
  toPayload,
  view,
  Form,
  beforeSave,
  formTop,
  onSaved,
}: {
  section: SectionKey;
  school: SchoolView;
  toDraft: (s: SchoolView) => T;
  toPayload: (d: T) => unknown;
  view: ReactNode;
  Form: (props: SectionFormProps<T>) => ReactNode;
  /** Work that must happen first (the logo upload); answers an error message or null. */
  beforeSave?: () => Promise<string | null>;
  /** Extra controls shown above the form while editing (the logo chooser). */
  formTop?: ReactNode;
  onSaved: (s: SchoolView) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraftState] = useState<T>(() => toDraft(school));
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const word = MESSAGE_NAME[section];

  const setDraft = (update: (d: T) => T) => setDraftState((d) => update(d));
  const start = () => {
    setDraftState(toDraft(school));
    setError(null);
    setSuccess(null);
    setEditing(true);
  };
  const cancel = () => {
    setDraftState(toDraft(school));
    setError(null);
    setEditing(false);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const first = beforeSave ? await beforeSave() : null;
    if (first) {
      setBusy(false);
      return setError(first);
    }
    const res = await callAction(() => updateSchoolSectionAction({ section, data: toPayload(draft) }));
    setBusy(false);
    if (!res.ok) {
      return setError(res.error || `An error occurred updating ${word.toLowerCase()} information`);
    }
    onSaved(res.data);
    setSuccess(`${word} information updated successfully!`);
    setEditing(false);
  }

  return (
    <div className="space-y-4">
      {success && (
        <Banner tone="success" onDismiss={() => setSuccess(null)}>
          {success}
        </Banner>
      )}
      {editing ? (
        <form onSubmit={save} className="space-y-4" noValidate>
          {error && <Banner tone="error">{error}</Banner>}
          {formTop}
          <Form draft={draft} setDraft={setDraft} />
          <FormFooter label={'Save'} busyLabel="Saving..." busy={busy} onCancel={cancel} />
        </form>
      ) : (
        <>
          {view}
          <div>
            <Button variant="secondary" onClick={start}>
              Edit
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** Label and value pairs of a read-only view. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{value === null || value === undefined || value === '' ? <span className="text-slate-500 dark:text-slate-400">Not set</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
