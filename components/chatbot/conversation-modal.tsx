'use client';

import { useState, type FormEvent } from 'react';
import { conversationAction, createRatingAction, deleteRatingAction, updateRatingAction } from '@/app/actions/logs';
import { Badge } from '@/components/ui/badge';
import { Banner, ErrorList, MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ErasePersonDialog } from '@/components/privacy/erase-person-dialog';
import { TextArea } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { speakerOf } from '@/lib/conversations/speaker';
import { SelectField } from '@/components/ui/select';
import { engagementLevel } from '@/lib/conversations/export-schema';
import { RATING_CATEGORY_VALUES, RATING_REQUIRED } from '@/lib/conversations/rating-schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import { CorrectionDialog } from './correction-dialog';
import { MessageText } from '@/components/ui/message-text';
import { ThumbsDown, ThumbsUp } from 'lucide-react';

// The view-conversation modal of the Logs tab: the
// engagement level, every message with its time and the visitor's thumbs, and staff ratings of the
// assistant's answers (rate, edit, delete: only here), plus the correction of an answer.

type Message = {
  message_index: number;
  role: 'user' | 'assistant' | 'system' | 'staff';
  content: string;
  author?: string | null;
  timestamp: string | Date;
  user_feedback_rating: number | null;
  rating?: 'excellent' | 'poor' | null;
  rating_id?: number | null;
  rating_notes?: string | null;
  rating_category?: string | null;
  rating_context_turns?: number | null;
};

type Detail = {
  conversation_id: number;
  session_id: string;
  source: string;
  status?: string | null;
  created_at: string | Date;
  widget_opened_at?: string | Date | null;
  lead_submitted: boolean;
  messages: Message[];
};

export const NOTES_PREVIEW = 50;
const CATEGORY_LABELS: Record<string, string> = { accuracy: 'Accuracy', tone: 'Tone', helpfulness: 'Helpfulness', lead_capture: 'Lead capture', other: 'Other' };
const preview = (s: string) => (s.length > NOTES_PREVIEW ? `${s.slice(0, NOTES_PREVIEW)}…` : s);
const time = (d: string | Date) => new Date(d).toLocaleString();

type Draft = { rating: '' | 'excellent' | 'poor'; admin_notes: string; category: string; context_turns: string };

function RatingForm({ conversationId, message, onDone, onCancel }: { conversationId: number; message: Message; onDone: (text: string) => void; onCancel: () => void }) {
  const editing = Boolean(message.rating);
  const [draft, setDraft] = useState<Draft>({
    rating: message.rating ?? '',
    admin_notes: message.rating_notes ?? '',
    category: message.rating_category ?? '',
    context_turns: String(message.rating_context_turns ?? 2),
  });
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.rating || !draft.admin_notes.trim()) return setErrors([RATING_REQUIRED]);
    if (editing && !message.rating_id) return setErrors(['No rating ID found']);
    const fields = { rating: draft.rating, admin_notes: draft.admin_notes.trim(), category: (draft.category || null) as (typeof RATING_CATEGORY_VALUES)[number] | null, context_turns: Number(draft.context_turns) };
    setBusy(true);
    const res = await callAction(() =>
      editing ? updateRatingAction({ params: { id: message.rating_id }, body: fields }) : createRatingAction({ body: { conversation_id: conversationId, message_index: message.message_index, ...fields } }),
    );
    setBusy(false);
    if (!res.ok) return setErrors([res.code === 'validation' ? res.error : 'Failed to save rating']);
    onDone(editing ? 'Rating updated' : 'Rating saved');
  }

  const name = `rating-${message.message_index}`;
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700" aria-label={editing ? 'Edit rating' : 'Rate this answer'}>
      <ErrorList errors={errors} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Rating</legend>
        <div className="mt-1 flex gap-4 text-sm">
          {(['excellent', 'poor'] as const).map((r) => (
            <label key={r} className="flex items-center gap-2">
              <input type="radio" name={name} value={r} checked={draft.rating === r} onChange={() => setDraft((d) => ({ ...d, rating: r }))} />
              {r === 'excellent' ? 'Excellent' : 'Poor'}
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea label="Comment" required rows={3} maxLength={5000} value={draft.admin_notes} onChange={(e) => setDraft((d) => ({ ...d, admin_notes: e.target.value }))} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Category" value={draft.category} onChange={(e) => setDraft((d) => ({ ...d, category: e.target.value }))}>
          <option value="">No category</option>
          {RATING_CATEGORY_VALUES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Context turns" value={draft.context_turns} onChange={(e) => setDraft((d) => ({ ...d, context_turns: e.target.value }))}>
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
      <FormFooter label={editing ? 'Update Rating' : 'Save Rating'} busyLabel="Saving..." busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** `onErase`: offered to those who may erase the visitor (with the conversation's reference). */
function ConversationBody({ id, onChanged, onErase }: { id: number; onChanged: () => void; onErase?: (session: string) => void }) {
  const detail = useScreenData<Detail>(`conversation-${id}`, () => conversationAction({ params: { id } }));
  const { error, success, setError, setSuccess } = useMessages();
  const [rating, setRating] = useState<number | null>(null);
  const [correcting, setCorrecting] = useState<{ question: string; answer: string; ratingId: number | null } | null>(null);

  if (detail.loading) return <p role="status">Loading conversation...</p>;
  if (detail.failure || !detail.data) return <Banner tone="error">Failed to load conversation</Banner>;
  const c = detail.data;
  const level = engagementLevel({ status: c.status, message_count: c.messages.length, widget_opened_at: c.widget_opened_at });

  async function remove(m: Message) {
    if (!m.rating_id) return setError('No rating ID found');
    const res = await callAction(() => deleteRatingAction({ params: { id: m.rating_id } }));
    if (!res.ok) return setError('Failed to delete rating');
    setSuccess('Rating deleted');
    await detail.reload();
    onChanged();
  }

  const questionBefore = (index: number) => [...c.messages].reverse().find((m) => m.role === 'user' && m.message_index < index)?.content ?? '';

  return (
    <div className="space-y-4">
      {onErase && (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => onErase(c.session_id)}>
            Erase this person
          </Button>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="font-semibold">Engagement</dt>
          <dd>
            <Badge tone={level === 'Engaged' ? 'success' : level === 'Opened' ? 'brand' : 'neutral'}>{level}</Badge>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Started</dt>
          <dd>{time(c.created_at)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Source</dt>
          <dd>{c.source === 'test_chat' ? 'Test chat' : 'Widget'}</dd>
        </div>
        <div>
          <dt className="font-semibold">Lead</dt>
          <dd>{c.lead_submitted ? 'Submitted' : 'None'}</dd>
        </div>
      </dl>
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      {c.messages.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No messages in this conversation.</p>
      ) : (
        <ol className="space-y-3" aria-label="Messages">
          {c.messages.map((m) => (
            <li key={m.message_index} data-testid="log-message" className={`rounded-lg border p-3 text-sm ${m.role === 'user' ? 'border-sky-200 bg-sky-50 dark:border-sky-900 dark:bg-sky-950' : m.role === 'staff' ? 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950' : 'border-slate-200 dark:border-slate-700'}`}>
              <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
                <span className="font-semibold uppercase">{speakerOf(m)}</span>
                <time dateTime={new Date(m.timestamp).toISOString()}>{time(m.timestamp)}</time>
                {m.user_feedback_rating !== null && m.user_feedback_rating !== undefined && (
                  <span className="inline-flex items-center" role="img" aria-label={m.user_feedback_rating === 1 ? 'Visitor: thumbs up' : 'Visitor: thumbs down'}>
                    {m.user_feedback_rating === 1 ? <ThumbsUp aria-hidden="true" className="h-3.5 w-3.5" /> : <ThumbsDown aria-hidden="true" className="h-3.5 w-3.5" />}
                  </span>
                )}
              </div>
              <MessageText role={m.role} content={m.content} />
              {m.role === 'assistant' && (
                <div className="mt-2">
                  {m.rating && rating !== m.message_index && (
                    <div className="flex flex-wrap items-center gap-2" data-testid="rating">
                      <Badge tone={m.rating === 'excellent' ? 'success' : 'danger'}>{m.rating === 'excellent' ? 'Excellent' : 'Poor'}</Badge>
                      {m.rating_category && <Badge>{CATEGORY_LABELS[m.rating_category] ?? m.rating_category}</Badge>}
                      {m.rating_notes && (
                        <span title={m.rating_notes} className="text-slate-800 dark:text-slate-200">
                          {preview(m.rating_notes)}
                        </span>
                      )}
                    </div>
                  )}
                  {rating === m.message_index ? (
                    <RatingForm
                      conversationId={c.conversation_id}
                      message={m}
                      onCancel={() => setRating(null)}
                      onDone={async (text) => {
                        setRating(null);
                        setSuccess(text);
                        await detail.reload();
                        onChanged();
                      }}
                    />
                  ) : (
                    <div className="mt-2 flex flex-wrap gap-2">
                      {m.rating ? (
                        <>
                          <Button variant="secondary" className="px-2 py-1" onClick={() => setRating(m.message_index)} aria-label={`Edit rating of message ${m.message_index + 1}`}>
                            Edit rating
                          </Button>
                          <Button variant="secondary" className="px-2 py-1" onClick={() => remove(m)} aria-label={`Delete rating of message ${m.message_index + 1}`}>
                            Delete rating
                          </Button>
                        </>
                      ) : (
                        <Button variant="secondary" className="px-2 py-1" onClick={() => setRating(m.message_index)} aria-label={`Rate message ${m.message_index + 1}`}>
                          Rate
                        </Button>
                      )}
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        onClick={() => setCorrecting({ question: questionBefore(m.message_index), answer: m.content, ratingId: m.rating_id ?? null })}
                        aria-label={`Correct answer of message ${m.message_index + 1}`}
                      >
                        Correct answer
                      </Button>
                    </div>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {correcting && (
        <CorrectionDialog
          open
          question={correcting.question}
          answer={correcting.answer}
          ratingId={correcting.ratingId}
          onClose={() => setCorrecting(null)}
          onSaved={() => {
            setCorrecting(null);
            setSuccess('Correction saved: the assistant gives this answer from now on');
          }}
        />
      )}
    </div>
  );
}

export function ConversationModal({ id, title, onClose, onChanged, canErase = false }: { id: number; title: string; onClose: () => void; onChanged: () => void; canErase?: boolean }) {
  const [erasing, setErasing] = useState<string | null>(null);
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={title} wide>
      <ConversationBody id={id} onChanged={onChanged} onErase={canErase ? setErasing : undefined} />
      {erasing && (
        <ErasePersonDialog
          person={{ session_id: erasing }}
          name={title.replace(/^Conversation with /, '')}
          onClose={() => setErasing(null)}
          onErased={() => {
            setErasing(null);
            onChanged();
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
