'use client';

import { useState, type FormEvent } from 'react';
import { deleteInterviewAction, listInterviewsAction, resetInterviewAction, saveInterviewAction, startInterviewAction } from '@/app/actions/knowledge';
import { Badge } from '@/components/ui/badge';
import { ErrorList, MessageBanners } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass, TextArea, TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { CardButton, EditDeleteButtons, ItemCard, ItemList } from '@/components/ui/item-list';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { issueMessages, useFormErrors, useListScreen } from '@/components/ui/use-list-screen';
import { ACTIVE_STATUSES, formatCallDuration, interviewCreateSchema, NO_SCHOOL_INTERVIEWS, TOPIC_LABELS, TOPIC_VALUES, type InterviewView } from '@/lib/knowledge/interview-schema';
import { callAction, failureText } from '@/lib/web/api';

const POLL_MS = 5000;
const STATUS_TONE: Record<string, 'neutral' | 'brand' | 'success' | 'danger'> = { pending: 'neutral', initiated: 'brand', ringing: 'brand', calling: 'brand', in_progress: 'brand', completed: 'success', failed: 'danger' };
const EMPTY = { staff_name: '', phone_number: '', topic: 'academics', additional_instructions: '' };
const preview = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s);

function CallForm({ initial, onSaved, onCancel, onFailed }: { initial: InterviewView | null; onSaved: (m: string) => void; onCancel?: () => void; /** The screen drops its older success message. */ onFailed?: () => void }) {
  const [draft, setDraft] = useState(initial ? { staff_name: initial.staff_name, phone_number: initial.phone_number, topic: initial.topic, additional_instructions: initial.additional_instructions ?? '' } : EMPTY);
  const { errors, report } = useFormErrors(onFailed);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = interviewCreateSchema.safeParse(draft);
    if (!parsed.success) return report(issueMessages(parsed.error));
    const res = await callAction(() => saveInterviewAction({ id: initial?.id, data: parsed.data }));
    if (!res.ok) return report([failureText(res, { no_school: NO_SCHOOL_INTERVIEWS }, 'Failed to save interview call')]);
    if (!initial) setDraft(EMPTY);
    report([]);
    onSaved(initial ? 'Interview call updated successfully' : 'Interview call added successfully');
  }
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label={initial ? 'Edit interview call' : 'Add interview call'}>
      <ErrorList errors={errors} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Staff name" required value={draft.staff_name} onChange={set('staff_name')} />
        <TextField label="Phone number" type="tel" required value={draft.phone_number} onChange={set('phone_number')} placeholder="+1 503 555 0100" />
        <SelectField label="Topic" value={draft.topic} onChange={set('topic')}>
          {TOPIC_VALUES.map((t) => (
            <option key={t} value={t}>
              {TOPIC_LABELS[t]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextArea label="Additional instructions for the interviewer" rows={2} value={draft.additional_instructions} onChange={set('additional_instructions')} />
      <FormFooter label={initial ? 'Save Call' : 'Add Interview Call'} onCancel={onCancel} />
    </form>
  );
}

const callActive = (c: InterviewView) => [...ACTIVE_STATUSES, 'initiated'].includes(c.status);

/** Staff interviews. */
export function Interviews() {
  const screen = useListScreen<InterviewView, 'edit' | 'insights' | 'delete'>('interviews', listInterviewsAction, {
    // The refresh while a call is active fails silently.
    loadError: (f, shown) => (shown ? null : f.code === 'no_school' ? NO_SCHOOL_INTERVIEWS : 'Failed to load interview calls'),
    pollMs: (calls) => (calls?.some(callActive) ? POLL_MS : 0),
  });
  const { dialog, setError } = screen;
  const [summary, setSummary] = useState('');

  async function startCall(c: InterviewView) {
    screen.setItems((list = []) => list.map((x) => (x.id === c.id ? { ...x, status: 'calling' } : x)));
    const res = await callAction(() => startInterviewAction({ params: { id: c.id } }));
    if (!res.ok) {
      setError(`Failed to start interview call${res.error ? `: ${res.error}` : ''}`);
    }
    await screen.reload();
  }

  async function reset(c: InterviewView) {
    const res = await callAction(() => resetInterviewAction({ params: { id: c.id } }));
    if (!res.ok) return setError(res.error || 'Failed to reset interview call');
    screen.done('Interview call reset');
  }

  async function saveSummary() {
    if (!dialog) return;
    const res = await callAction(() => saveInterviewAction({ id: dialog.item.id, data: { interview_summary: summary } }));
    if (!res.ok) return setError(res.error || 'Failed to update interview insights');
    screen.done('Interview insights updated successfully');
  }

  if (screen.loading) return <p role="status">Loading interview calls...</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">An AI interviewer phones a staff member about a topic; the summary of what they say becomes knowledge for the assistant.</p>
      <MessageBanners {...screen.banners} />
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="mb-3 font-semibold">Plan an interview</h3>
        <CallForm initial={null} onSaved={screen.done} onFailed={() => screen.setSuccess(null)} />
      </section>
      <ItemList items={screen.items} empty="No interview calls yet.">
        {(c) => (
          <ItemCard
            key={c.id}
            label={c.staff_name}
            title={c.staff_name}
            badges={
              <>
                <Badge tone={STATUS_TONE[c.status] ?? 'neutral'}>{c.status.replace('_', ' ')}</Badge>
                <Badge>{TOPIC_LABELS[c.topic as keyof typeof TOPIC_LABELS] ?? c.topic}</Badge>
              </>
            }
            actions={
              <>
                {c.status === 'pending' && (
                  <Button className="px-3 py-1.5" onClick={() => void startCall(c)}>
                    Call
                  </Button>
                )}
                {c.status !== 'pending' && <CardButton onClick={() => void reset(c)}>Reset</CardButton>}
                {c.status === 'completed' && (
                  <CardButton
                    onClick={() => {
                      setSummary(c.interview_summary ?? '');
                      screen.open('insights', c);
                    }}
                  >
                    Insights
                  </CardButton>
                )}
                <EditDeleteButtons onEdit={c.status === 'pending' ? () => screen.open('edit', c) : undefined} onDelete={() => screen.open('delete', c)} />
              </>
            }
          >
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {c.phone_number}
              {c.call_duration !== null ? ` · ${formatCallDuration(c.call_duration)}` : ''}
              {c.called_at ? ` · called ${new Date(c.called_at).toLocaleString()}` : ''}
            </p>
            {c.call_error && (
              <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
                Error: {c.call_error}
              </p>
            )}
            {c.interview_summary && <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">{preview(c.interview_summary.replace(/^#.*\n+/, ''))}</p>}
          </ItemCard>
        )}
      </ItemList>
      {dialog?.kind === 'edit' && (
        <Modal open onOpenChange={(o) => !o && screen.close()} title="Edit Interview Call" wide>
          <CallForm initial={dialog.item} onSaved={screen.done} onCancel={screen.close} />
        </Modal>
      )}
      {dialog?.kind === 'insights' && (
        <Modal open onOpenChange={(o) => !o && screen.close()} title={`Interview insights: ${dialog.item.staff_name}`} wide>
          <label htmlFor="interview-summary" className="block text-sm font-medium">
            Summary the assistant answers from
          </label>
          <textarea id="interview-summary" rows={10} className={inputClass} value={summary} onChange={(e) => setSummary(e.target.value)} />
          <FormFooter className="mt-4" label="Save Insights" onCancel={screen.close} onSubmit={() => void saveSummary()} />
        </Modal>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Interview Call"
          onCancel={screen.close}
          onConfirm={() => void screen.run(() => deleteInterviewAction({ params: { id: dialog.item.id } }), { failure: 'Failed to delete interview call', success: 'Interview call deleted successfully' })}
        >
          Are you sure you want to delete the interview with &quot;{dialog.item.staff_name}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
