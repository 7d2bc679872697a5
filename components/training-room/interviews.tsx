'use client';

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { deleteInterviewAction, listInterviewsAction, resetInterviewAction, saveInterviewAction, startInterviewAction } from '@/app/actions/knowledge';
import { Badge } from '@/components/ui/badge';
import { ErrorList, MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass, TextArea, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { ACTIVE_STATUSES, formatCallDuration, interviewCreateSchema, NO_SCHOOL_INTERVIEWS, TOPIC_LABELS, TOPIC_VALUES, type InterviewView } from '@/lib/knowledge/interview-schema';
import { callAction } from '@/lib/web/api';

const POLL_MS = 5000;
const STATUS_TONE: Record<string, 'neutral' | 'brand' | 'success' | 'danger'> = { pending: 'neutral', initiated: 'brand', ringing: 'brand', calling: 'brand', in_progress: 'brand', completed: 'success', failed: 'danger' };
const EMPTY = { staff_name: '', phone_number: '', topic: 'academics', additional_instructions: '' };
const preview = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s);

function CallForm({ initial, onSaved, onCancel, onFailed }: { initial: InterviewView | null; onSaved: (m: string) => void; onCancel?: () => void; /** The screen drops its older success message. */ onFailed?: () => void }) {
  const [draft, setDraft] = useState(initial ? { staff_name: initial.staff_name, phone_number: initial.phone_number, topic: initial.topic, additional_instructions: initial.additional_instructions ?? '' } : EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  const report = (list: string[]) => {
    setErrors(list);
    if (list.length) onFailed?.();
  };
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = interviewCreateSchema.safeParse(draft);
    if (!parsed.success) return report([...new Set(parsed.error.issues.map((i) => i.message))]);
    const res = await callAction(() => saveInterviewAction({ id: initial?.id, data: parsed.data }));
    if (!res.ok) return report([/no school/i.test(res.error) ? NO_SCHOOL_INTERVIEWS : res.error || 'Failed to save interview call']);
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
      <div className="flex justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit">{initial ? 'Save Call' : 'Add Interview Call'}</Button>
      </div>
    </form>
  );
}

/** Staff interviews (spec 001 §3.5, §4.5, §5.5, §8.5). */
export function Interviews() {
  const [calls, setCalls] = useState<InterviewView[]>([]);
  const [loading, setLoading] = useState(true);
  const { error, success, setError, setSuccess } = useMessages();
  const [dialog, setDialog] = useState<{ kind: 'edit' | 'insights' | 'delete'; call: InterviewView } | null>(null);
  const [summary, setSummary] = useState('');

  const load = useCallback(async (silent = false) => {
    const res = await callAction(() => listInterviewsAction());
    setLoading(false);
    if (!res.ok) {
      // The refresh while a call is active fails silently.
      if (!silent) setError(/no school/i.test(res.error) ? NO_SCHOOL_INTERVIEWS : 'Failed to load interview calls');
      return;
    }
    setCalls(res.data);
  }, [setError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const active = calls.some((c) => [...ACTIVE_STATUSES, 'initiated'].includes(c.status));
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void load(true), POLL_MS);
    return () => clearInterval(timer);
  }, [active, load]);

  const finish = (m: string) => {
    setDialog(null);
    setError(null);
    setSuccess(m);
    void load();
  };

  async function startCall(c: InterviewView) {
    setCalls((list) => list.map((x) => (x.id === c.id ? { ...x, status: 'calling' } : x)));
    const res = await callAction(() => startInterviewAction({ id: c.id }));
    if (!res.ok) {
      setError(`Failed to start interview call${res.error ? `: ${res.error}` : ''}`);
    }
    await load();
  }

  async function reset(c: InterviewView) {
    const res = await callAction(() => resetInterviewAction({ id: c.id }));
    if (!res.ok) return setError(res.error || 'Failed to reset interview call');
    finish('Interview call reset');
  }

  async function saveSummary() {
    if (!dialog) return;
    const res = await callAction(() => saveInterviewAction({ id: dialog.call.id, data: { interview_summary: summary } }));
    if (!res.ok) return setError(res.error || 'Failed to update interview insights');
    finish('Interview insights updated successfully');
  }

  async function remove(c: InterviewView) {
    const res = await callAction(() => deleteInterviewAction({ id: c.id }));
    if (!res.ok) {
      setDialog(null);
      return setError(res.error || 'Failed to delete interview call');
    }
    finish('Interview call deleted successfully');
  }

  if (loading) return <p role="status">Loading interview calls...</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">An AI interviewer phones a staff member about a topic; the summary of what they say becomes knowledge for the assistant.</p>
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="mb-3 font-semibold">Plan an interview</h3>
        <CallForm initial={null} onSaved={finish} onFailed={() => setSuccess(null)} />
      </section>
      {calls.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">No interview calls yet.</p>
      ) : (
        <ul className="space-y-3">
          {calls.map((c) => (
            <li key={c.id} aria-label={c.staff_name} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="font-semibold">{c.staff_name}</h4>
                <Badge tone={STATUS_TONE[c.status] ?? 'neutral'}>{c.status.replace('_', ' ')}</Badge>
                <Badge>{TOPIC_LABELS[c.topic as keyof typeof TOPIC_LABELS] ?? c.topic}</Badge>
              </div>
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
              <div className="mt-3 flex flex-wrap gap-2">
                {c.status === 'pending' && (
                  <Button className="px-3 py-1.5" onClick={() => void startCall(c)}>
                    Call
                  </Button>
                )}
                {c.status !== 'pending' && (
                  <Button variant="secondary" className="px-3 py-1.5" onClick={() => void reset(c)}>
                    Reset
                  </Button>
                )}
                {c.status === 'completed' && (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    onClick={() => {
                      setSummary(c.interview_summary ?? '');
                      setDialog({ kind: 'insights', call: c });
                    }}
                  >
                    Insights
                  </Button>
                )}
                {c.status === 'pending' && (
                  <Button variant="secondary" className="px-3 py-1.5" onClick={() => setDialog({ kind: 'edit', call: c })}>
                    Edit
                  </Button>
                )}
                <Button variant="danger" className="px-3 py-1.5" onClick={() => setDialog({ kind: 'delete', call: c })}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === 'edit' && (
        <Modal open onOpenChange={(o) => !o && setDialog(null)} title="Edit Interview Call" wide>
          <CallForm initial={dialog.call} onSaved={finish} onCancel={() => setDialog(null)} />
        </Modal>
      )}
      {dialog?.kind === 'insights' && (
        <Modal open onOpenChange={(o) => !o && setDialog(null)} title={`Interview insights: ${dialog.call.staff_name}`} wide>
          <label htmlFor="interview-summary" className="block text-sm font-medium">
            Summary the assistant answers from
          </label>
          <textarea id="interview-summary" rows={10} className={inputClass} value={summary} onChange={(e) => setSummary(e.target.value)} />
          <div className="mt-4 flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button onClick={() => void saveSummary()}>Save Insights</Button>
          </div>
        </Modal>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog title="Delete Interview Call" onCancel={() => setDialog(null)} onConfirm={() => void remove(dialog.call)}>
          Are you sure you want to delete the interview with &quot;{dialog.call.staff_name}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
