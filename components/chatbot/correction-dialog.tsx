'use client';

import { useState, type FormEvent } from 'react';
import { createCorrectionAction, updateCorrectionAction } from '@/app/actions/corrections';
import { ErrorList } from '@/components/ui/banner';
import { TextArea } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { issueMessages, useFormErrors } from '@/components/ui/use-list-screen';
import { CORRECTION_ANSWER_MAX, CORRECTION_QUESTION_MAX, correctionSchema, NO_SCHOOL_CORRECTIONS, type CorrectionView } from '@/lib/knowledge/correction-schema';
import { callAction, failureText } from '@/lib/web/api';

type Props = {
  open: boolean;
  /** The visitor's question (editable). */
  question: string;
  /** The answer to start from: the assistant's answer when correcting one. */
  answer: string;
  /** The poor rating this corrects, when it comes from one. */
  ratingId?: number | null;
  onClose: () => void;
  onSaved: (correction: CorrectionView) => void;
  /** Edits this correction instead of adding one. */
  correctionId?: number;
};

function CorrectionForm({ question, answer, ratingId, onClose, onSaved, correctionId }: Omit<Props, 'open'>) {
  const [draft, setDraft] = useState({ question, answer });
  const { errors, report } = useFormErrors();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = correctionSchema.safeParse({ ...draft, ...(ratingId ? { rating_id: ratingId } : {}) });
    if (!parsed.success) return report(issueMessages(parsed.error));
    setBusy(true);
    const res = await callAction(() => (correctionId ? updateCorrectionAction({ params: { id: correctionId }, body: parsed.data }) : createCorrectionAction({ body: parsed.data })));
    setBusy(false);
    if (!res.ok) return report([failureText(res, { no_school: NO_SCHOOL_CORRECTIONS }, 'Failed to save correction')]);
    onSaved(res.data);
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <ErrorList errors={errors} />
      <TextArea label="Visitor's question" required rows={2} maxLength={CORRECTION_QUESTION_MAX} value={draft.question} onChange={(e) => setDraft((d) => ({ ...d, question: e.target.value }))} />
      <TextArea label="Correct answer" required rows={6} maxLength={CORRECTION_ANSWER_MAX} value={draft.answer} onChange={(e) => setDraft((d) => ({ ...d, answer: e.target.value }))} />
      <FormFooter label="Save Correction" busyLabel="Saving..." busy={busy} onCancel={onClose} />
    </form>
  );
}

/**
 * Staff write the answer the assistant should have given. Saved, it becomes a question-and-answer
 * knowledge item of the school: the assistant gives it for this question and similar ones.
 */
export function CorrectionDialog({ open, ...props }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && props.onClose()}
      title={props.correctionId ? 'Edit Correction' : 'Correct Answer'}
      description="Write the answer the assistant should give. It will use it for this question and similar ones."
      wide
    >
      {/* Mounted only while open, so each opening starts from the given question and answer. */}
      {open && <CorrectionForm {...props} />}
    </Modal>
  );
}
