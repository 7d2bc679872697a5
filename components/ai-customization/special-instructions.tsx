'use client';

import { useState, type FormEvent } from 'react';
import { deleteSpecialInstructionAction, listSpecialInstructionsAction, saveSpecialInstructionAction } from '@/app/actions/assistant';
import { Badge } from '@/components/ui/badge';
import { ErrorList, MessageBanners } from '@/components/ui/banner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextArea, TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { EditDeleteButtons, ItemCard, ItemList } from '@/components/ui/item-list';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { issueMessages, useFormErrors, useListScreen } from '@/components/ui/use-list-screen';
import { INSTRUCTION_TYPES, NO_SCHOOL_SPECIAL_INSTRUCTIONS, specialInstructionSchema } from '@/lib/assistant/schema';
import type { ActionResult } from '@/lib/http/action-result';
import { callAction, failureText } from '@/lib/web/api';

type Instruction = { id: number; title: string; instruction_text: string; instruction_type: string; priority: number; is_active: boolean };
const TYPE_LABEL: Record<string, string> = { always_do: 'Always do', never_do: 'Never do', general: 'General' };
const EMPTY = { title: '', instruction_text: '', instruction_type: 'general', priority: '0', is_active: true };

function InstructionForm({ initial, onSaved, onCancel, onFailed }: { initial: Instruction | null; onSaved: (m: string) => void; onCancel?: () => void; /** The screen drops its older success message. */ onFailed?: () => void }) {
  const [draft, setDraft] = useState(initial ? { ...initial, priority: String(initial.priority) } : EMPTY);
  const { errors, report } = useFormErrors(onFailed);
  async function submit(event: FormEvent) {
    event.preventDefault();
    // A non-numeric priority becomes 0.
    const priority = Number.parseInt(draft.priority, 10);
    const parsed = specialInstructionSchema.safeParse({ ...draft, priority: Number.isFinite(priority) ? priority : 0 });
    if (!parsed.success) return report(issueMessages(parsed.error));
    const res = await callAction(() => saveSpecialInstructionAction({ id: initial?.id, data: parsed.data }));
    if (!res.ok) return report([failureText(res, { no_school: NO_SCHOOL_SPECIAL_INSTRUCTIONS }, 'Failed to save special instruction')]);
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
      <FormFooter label={initial ? 'Save Instruction' : 'Add Instruction'} onCancel={onCancel} />
    </form>
  );
}

/** The list answers `{data: [...]}`; the screen wants the records. */
async function loadInstructions(): Promise<ActionResult<Instruction[]>> {
  const res = await listSpecialInstructionsAction();
  return res.ok ? { ok: true, data: res.data.data } : res;
}

/** Special instructions. */
export function SpecialInstructions() {
  const screen = useListScreen<Instruction>('special-instructions', loadInstructions, {
    loadError: (f) => (f.code === 'no_school' ? NO_SCHOOL_SPECIAL_INSTRUCTIONS : 'Failed to load special instructions'),
  });
  const { dialog } = screen;

  if (screen.loading) return <p role="status">Loading special instructions...</p>;
  return (
    <div className="space-y-4">
      <MessageBanners {...screen.banners} />
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="mb-3 font-semibold">Add a special instruction</h3>
        <InstructionForm initial={null} onSaved={screen.done} onFailed={() => screen.setSuccess(null)} />
      </section>
      <ItemList items={screen.items} empty="No special instructions yet.">
        {(i) => (
          <ItemCard
            key={i.id}
            label={i.title}
            title={i.title}
            badges={
              <>
                <Badge tone={i.instruction_type === 'never_do' ? 'danger' : i.instruction_type === 'always_do' ? 'success' : 'neutral'}>{TYPE_LABEL[i.instruction_type]}</Badge>
                <Badge tone={i.is_active ? 'success' : 'neutral'}>{i.is_active ? 'Active' : 'Inactive'}</Badge>
                <span className="text-xs text-slate-600 dark:text-slate-400">Priority {i.priority}</span>
              </>
            }
            actions={<EditDeleteButtons onEdit={() => screen.open('edit', i)} onDelete={() => screen.open('delete', i)} />}
          >
            <p className="mt-1 text-sm" title={i.instruction_text}>
              {i.instruction_text.length > 120 ? `${i.instruction_text.slice(0, 120)}…` : i.instruction_text}
            </p>
          </ItemCard>
        )}
      </ItemList>
      {dialog?.kind === 'edit' && (
        <Modal open onOpenChange={(o) => !o && screen.close()} title="Edit Special Instruction" wide>
          <InstructionForm initial={dialog.item} onSaved={screen.done} onCancel={screen.close} />
        </Modal>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Special Instruction"
          onCancel={screen.close}
          onConfirm={() => void screen.run(() => deleteSpecialInstructionAction({ params: { id: dialog.item.id } }), { failure: 'Failed to delete special instruction', success: 'Special instruction deleted successfully' })}
        >
          Are you sure you want to delete &quot;{dialog.item.title}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
