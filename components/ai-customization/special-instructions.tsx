'use client';

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { deleteSpecialInstructionAction, listSpecialInstructionsAction, saveSpecialInstructionAction } from '@/app/actions/assistant';
import { Badge } from '@/components/ui/badge';
import { ErrorList, MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextArea, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { INSTRUCTION_TYPES, NO_SCHOOL_SPECIAL_INSTRUCTIONS, specialInstructionSchema } from '@/lib/assistant/schema';
import { callAction } from '@/lib/web/api';

type Instruction = { id: number; title: string; instruction_text: string; instruction_type: string; priority: number; is_active: boolean };
const TYPE_LABEL: Record<string, string> = { always_do: 'Always do', never_do: 'Never do', general: 'General' };
const EMPTY = { title: '', instruction_text: '', instruction_type: 'general', priority: '0', is_active: true };

function InstructionForm({ initial, onSaved, onCancel, onFailed }: { initial: Instruction | null; onSaved: (m: string) => void; onCancel?: () => void; /** The screen drops its older success message. */ onFailed?: () => void }) {
  const [draft, setDraft] = useState(initial ? { ...initial, priority: String(initial.priority) } : EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  const report = (list: string[]) => {
    setErrors(list);
    if (list.length) onFailed?.();
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    // A non-numeric priority becomes 0 (spec 001 §5.9).
    const priority = Number.parseInt(draft.priority, 10);
    const parsed = specialInstructionSchema.safeParse({ ...draft, priority: Number.isFinite(priority) ? priority : 0 });
    if (!parsed.success) return report([...new Set(parsed.error.issues.map((i) => i.message))]);
    const res = await callAction(() => saveSpecialInstructionAction({ id: initial?.id, data: parsed.data }));
    if (!res.ok) return report([/no school/i.test(res.error) ? NO_SCHOOL_SPECIAL_INSTRUCTIONS : res.error || 'Failed to save special instruction']);
    report([]);
    // Saving clears the form.
    if (!initial) setDraft(EMPTY);
    onSaved(initial ? 'Special instruction updated successfully' : 'Special instruction added successfully');
  }
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label={initial ? 'Edit special instruction' : 'Add special instruction'}>
      <ErrorList errors={errors} />
      <TextField label="Title" required value={draft.title} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} />
      <TextArea label="Instruction text" required rows={3} value={draft.instruction_text} onChange={(e) => setDraft((d) => ({ ...d, instruction_text: e.target.value }))} />
      <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <SelectField label="Type" value={draft.instruction_type} onChange={(e) => setDraft((d) => ({ ...d, instruction_type: e.target.value }))}>
          {INSTRUCTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABEL[t]}
            </option>
          ))}
        </SelectField>
        <TextField label="Priority (0 to 100)" inputMode="numeric" value={draft.priority} onChange={(e) => setDraft((d) => ({ ...d, priority: e.target.value }))} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={draft.is_active} onChange={(e) => setDraft((d) => ({ ...d, is_active: e.target.checked }))} />
          Active
        </label>
      </div>
      <div className="flex justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit">{initial ? 'Save Instruction' : 'Add Instruction'}</Button>
      </div>
    </form>
  );
}

/** Special instructions (spec 001 §3.10, §4.8, §5.9, §8.7). */
export function SpecialInstructions() {
  const [items, setItems] = useState<Instruction[]>([]);
  const [loading, setLoading] = useState(true);
  const { error, success, setError, setSuccess } = useMessages();
  const [editing, setEditing] = useState<Instruction | null>(null);
  const [deleting, setDeleting] = useState<Instruction | null>(null);

  const load = useCallback(async () => {
    const res = await callAction(() => listSpecialInstructionsAction());
    setLoading(false);
    if (!res.ok) return setError(/no school/i.test(res.error) ? NO_SCHOOL_SPECIAL_INSTRUCTIONS : 'Failed to load special instructions');
    setItems(res.data.data);
  }, [setError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const done = (m: string) => {
    setEditing(null);
    setDeleting(null);
    setError(null);
    setSuccess(m);
    void load();
  };

  async function remove(i: Instruction) {
    const res = await callAction(() => deleteSpecialInstructionAction({ id: i.id }));
    if (!res.ok) {
      setDeleting(null);
      return setError(res.error || 'Failed to delete special instruction');
    }
    done('Special instruction deleted successfully');
  }

  if (loading) return <p role="status">Loading special instructions...</p>;
  return (
    <div className="space-y-4">
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="mb-3 font-semibold">Add a special instruction</h3>
        <InstructionForm initial={null} onSaved={done} onFailed={() => setSuccess(null)} />
      </section>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">No special instructions yet.</p>
      ) : (
        <ul className="space-y-3">
          {items.map((i) => (
            <li key={i.id} aria-label={i.title} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="font-semibold">{i.title}</h4>
                <Badge tone={i.instruction_type === 'never_do' ? 'danger' : i.instruction_type === 'always_do' ? 'success' : 'neutral'}>{TYPE_LABEL[i.instruction_type]}</Badge>
                <Badge tone={i.is_active ? 'success' : 'neutral'}>{i.is_active ? 'Active' : 'Inactive'}</Badge>
                <span className="text-xs text-slate-600 dark:text-slate-400">Priority {i.priority}</span>
              </div>
              <p className="mt-1 text-sm" title={i.instruction_text}>
                {i.instruction_text.length > 120 ? `${i.instruction_text.slice(0, 120)}…` : i.instruction_text}
              </p>
              <div className="mt-3 flex gap-2">
                <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(i)}>
                  Edit
                </Button>
                <Button variant="danger" className="px-3 py-1.5" onClick={() => setDeleting(i)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <Modal open onOpenChange={(o) => !o && setEditing(null)} title="Edit Special Instruction" wide>
          <InstructionForm initial={editing} onSaved={done} onCancel={() => setEditing(null)} />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog title="Delete Special Instruction" onCancel={() => setDeleting(null)} onConfirm={() => void remove(deleting)}>
          Are you sure you want to delete &quot;{deleting.title}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
