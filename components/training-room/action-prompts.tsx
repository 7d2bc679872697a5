'use client';

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { deleteActionPromptAction, listActionPromptsAction, saveActionPromptAction } from '@/app/actions/knowledge';
import { Badge } from '@/components/ui/badge';
import { ErrorList, MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextArea, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { ACTION_TYPE_LABELS, ACTION_TYPE_VALUES, actionPromptSchema, NO_SCHOOL_ACTION_PROMPTS, type ActionPromptView } from '@/lib/knowledge/action-prompt-schema';
import { callAction } from '@/lib/web/api';

type Draft = { name: string; target_audience: string; action_description: string; action_type: string; action_data: string; priority: string; is_active: boolean };
const EMPTY: Draft = { name: '', target_audience: '', action_description: '', action_type: 'link', action_data: '', priority: '0', is_active: true };
const DATA_LABEL: Record<string, string> = { link: 'Website URL', form: 'Form or portal URL', email: 'E-mail address', phone: 'Phone number' };

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

function PromptForm({ initial, onClose, onSaved }: { initial: ActionPromptView | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [draft, setDraft] = useState<Draft>(initial ? { ...initial, priority: String(initial.priority) } : EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = actionPromptSchema.safeParse(draft);
    if (!parsed.success) return setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
    setBusy(true);
    const res = await callAction(() => saveActionPromptAction({ id: initial?.id, data: parsed.data }));
    setBusy(false);
    if (!res.ok) {
      return setErrors([/no school/i.test(res.error) ? NO_SCHOOL_ACTION_PROMPTS : res.error || 'Failed to save action prompt']);
    }
    onSaved(initial ? 'Action prompt updated successfully' : 'Action prompt added successfully');
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={initial ? 'Edit Action Prompt' : 'Add Action Prompt'} wide>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <ErrorList errors={errors} />
        <TextField label="Action name" required value={draft.name} onChange={set('name')} />
        <TextField label="Target audience" required value={draft.target_audience} onChange={set('target_audience')} placeholder="e.g. Transfer students" />
        <TextArea label="Action description" required rows={3} value={draft.action_description} onChange={set('action_description')} />
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <SelectField label="Action type" value={draft.action_type} onChange={set('action_type')}>
            {ACTION_TYPE_VALUES.map((t) => (
              <option key={t} value={t}>
                {ACTION_TYPE_LABELS[t]}
              </option>
            ))}
          </SelectField>
          <TextField label={DATA_LABEL[draft.action_type] ?? 'Action data'} required value={draft.action_data} onChange={set('action_data')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <TextField label="Priority (0 to 100)" inputMode="numeric" value={draft.priority} onChange={set('priority')} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={draft.is_active} onChange={(e) => setDraft((d) => ({ ...d, is_active: e.target.checked }))} />
            Active
          </label>
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save Action Prompt'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Action prompts (spec 001 §3.6, §4.6, §5.6, §8.6): add, edit, delete, higher priority first. */
export function ActionPrompts() {
  const [prompts, setPrompts] = useState<ActionPromptView[]>([]);
  const [loading, setLoading] = useState(true);
  const { error, success, setError, setSuccess } = useMessages();
  const [editing, setEditing] = useState<ActionPromptView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ActionPromptView | null>(null);

  const load = useCallback(async () => {
    const res = await callAction(() => listActionPromptsAction());
    setLoading(false);
    if (!res.ok) {
      return setError(/no school/i.test(res.error) ? NO_SCHOOL_ACTION_PROMPTS : 'Failed to load action prompts');
    }
    setPrompts(res.data);
  }, [setError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  async function remove(p: ActionPromptView) {
    setDeleting(null);
    const res = await callAction(() => deleteActionPromptAction({ id: p.id }));
    if (!res.ok) {
      return setError(res.error || 'Failed to delete action prompt');
    }
    setSuccess('Action prompt deleted successfully');
    await load();
  }

  if (loading) return <p role="status">Loading action prompts...</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">Next steps the assistant offers visitors: apply, call, write, or fill in a form. Higher priority comes first.</p>
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      <Button onClick={() => setEditing('new')}>Add Action Prompt</Button>
      {prompts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">No action prompts yet.</p>
      ) : (
        <ul className="space-y-3">
          {prompts.map((p) => (
            <li key={p.id} aria-label={p.name} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{p.name}</h3>
                <Badge tone="brand">{ACTION_TYPE_LABELS[p.action_type]}</Badge>
                <Badge tone={p.is_active ? 'success' : 'neutral'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>
                <span className="text-xs text-slate-600 dark:text-slate-400">Priority {p.priority}</span>
              </div>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">For {p.target_audience}</p>
              <p className="mt-1 text-sm" title={p.action_description}>
                {truncate(p.action_description, 100)}
              </p>
              <p className="mt-1 break-all font-mono text-xs text-slate-700 dark:text-slate-300">{p.action_data}</p>
              <div className="mt-3 flex gap-2">
                <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(p)}>
                  Edit
                </Button>
                <Button variant="danger" className="px-3 py-1.5" onClick={() => setDeleting(p)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <PromptForm
          initial={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setError(null);
            setSuccess(message);
            void load();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog title="Delete Action Prompt" onCancel={() => setDeleting(null)} onConfirm={() => void remove(deleting)}>
          Are you sure you want to delete the action prompt &quot;{deleting.name}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
