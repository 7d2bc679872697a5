'use client';

import { useState, type FormEvent } from 'react';
import { deleteActionPromptAction, listActionPromptsAction, saveActionPromptAction } from '@/app/actions/knowledge';
import { Badge } from '@/components/ui/badge';
import { ErrorList, MessageBanners } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextArea, TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { EditDeleteButtons, ItemCard, ItemList } from '@/components/ui/item-list';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { issueMessages, useFormErrors, useListScreen } from '@/components/ui/use-list-screen';
import { ACTION_TYPE_LABELS, ACTION_TYPE_VALUES, actionPromptSchema, NO_SCHOOL_ACTION_PROMPTS, type ActionPromptView } from '@/lib/knowledge/action-prompt-schema';
import { callAction, failureText } from '@/lib/web/api';

type Draft = { name: string; target_audience: string; action_description: string; action_type: string; action_data: string; priority: string; is_active: boolean };
const EMPTY: Draft = { name: '', target_audience: '', action_description: '', action_type: 'link', action_data: '', priority: '0', is_active: true };
const DATA_LABEL: Record<string, string> = { link: 'Website URL', form: 'Form or portal URL', email: 'E-mail address', phone: 'Phone number' };

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

function PromptForm({ initial, onClose, onSaved }: { initial: ActionPromptView | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [draft, setDraft] = useState<Draft>(initial ? { ...initial, priority: String(initial.priority) } : EMPTY);
  const { errors, report } = useFormErrors();
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = actionPromptSchema.safeParse(draft);
    if (!parsed.success) return report(issueMessages(parsed.error));
    setBusy(true);
    const res = await callAction(() => saveActionPromptAction({ id: initial?.id, data: parsed.data }));
    setBusy(false);
    if (!res.ok) return report([failureText(res, { no_school: NO_SCHOOL_ACTION_PROMPTS }, 'Failed to save action prompt')]);
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
        <FormFooter label="Save Action Prompt" busyLabel="Saving..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** Action prompts: add, edit, delete, higher priority first. */
export function ActionPrompts() {
  const screen = useListScreen<ActionPromptView>('action-prompts', listActionPromptsAction, {
    loadError: (f) => (f.code === 'no_school' ? NO_SCHOOL_ACTION_PROMPTS : 'Failed to load action prompts'),
  });
  const { dialog } = screen;
  const [adding, setAdding] = useState(false);

  if (screen.loading) return <p role="status">Loading action prompts...</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">Next steps the assistant offers visitors: apply, call, write, or fill in a form. Higher priority comes first.</p>
      <MessageBanners {...screen.banners} />
      <Button onClick={() => setAdding(true)}>Add Action Prompt</Button>
      <ItemList items={screen.items} empty="No action prompts yet.">
        {(p) => (
          <ItemCard
            key={p.id}
            label={p.name}
            title={p.name}
            heading="h3"
            badges={
              <>
                <Badge tone="brand">{ACTION_TYPE_LABELS[p.action_type]}</Badge>
                <Badge tone={p.is_active ? 'success' : 'neutral'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>
                <span className="text-xs text-slate-600 dark:text-slate-400">Priority {p.priority}</span>
              </>
            }
            actions={<EditDeleteButtons onEdit={() => screen.open('edit', p)} onDelete={() => screen.open('delete', p)} />}
          >
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">For {p.target_audience}</p>
            <p className="mt-1 text-sm" title={p.action_description}>
              {truncate(p.action_description, 100)}
            </p>
            <p className="mt-1 break-all font-mono text-xs text-slate-700 dark:text-slate-300">{p.action_data}</p>
          </ItemCard>
        )}
      </ItemList>
      {(adding || dialog?.kind === 'edit') && (
        <PromptForm
          initial={adding ? null : dialog!.item}
          onClose={() => (adding ? setAdding(false) : screen.close())}
          onSaved={(message) => {
            setAdding(false);
            screen.done(message);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Action Prompt"
          onCancel={screen.close}
          onConfirm={() => {
            screen.close();
            void screen.run(() => deleteActionPromptAction({ params: { id: dialog.item.id } }), { failure: 'Failed to delete action prompt', success: 'Action prompt deleted successfully' });
          }}
        >
          Are you sure you want to delete the action prompt &quot;{dialog.item.name}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
