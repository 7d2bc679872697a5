'use client';

import { useId, useState, type FormEvent } from 'react';
import { createSavedReplyAction, deleteSavedReplyAction, savedRepliesAction, updateSavedReplyAction } from '@/app/actions/live';
import { Banner, ErrorList, MessageBanners } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextArea, TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { EditDeleteButtons, ItemCard, ItemList } from '@/components/ui/item-list';
import { Modal } from '@/components/ui/modal';
import { issueMessages, useFormErrors, useListScreen } from '@/components/ui/use-list-screen';
import { LIVE_TEXT_MAX, SAVED_REPLY_TITLE_MAX, savedReplySchema, type SavedReply } from '@/lib/live/schema';
import { callAction, failureText } from '@/lib/web/api';
import { SAVED_REPLIES_KEY } from './reply-composer';

// The Live view's "Saved replies": the school's short texts, kept by anyone who chats for it, and
// inserted in a chat by typing "/" in the message box (./reply-composer.tsx shares the list).

/** A reply's text on its card (the whole text shows in the edit form and as the card's title). */
const PREVIEW = 160;

function ReplyForm({ initial, onSaved, onCancel }: { initial: SavedReply | null; onSaved: (message: string) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState({ title: initial?.title ?? '', text: initial?.text ?? '' });
  const [saving, setSaving] = useState(false);
  const { errors, report } = useFormErrors();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = savedReplySchema.safeParse(draft);
    if (!parsed.success) return report(issueMessages(parsed.error));
    setSaving(true);
    const res = await callAction(() => (initial ? updateSavedReplyAction({ params: { id: initial.id }, body: parsed.data }) : createSavedReplyAction({ body: parsed.data })));
    setSaving(false);
    if (!res.ok) return report([failureText(res, {}, 'Failed to save saved reply')]);
    onSaved(initial ? 'Saved reply updated successfully' : 'Saved reply added successfully');
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={initial ? 'Edit saved reply' : 'Add saved reply'}>
      <ErrorList errors={errors} />
      <TextField label="Title" required maxLength={SAVED_REPLY_TITLE_MAX} hint="Type / and a few letters of it in the message box." value={draft.title} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} />
      <TextArea label="Text" required rows={5} maxLength={LIVE_TEXT_MAX} value={draft.text} onChange={(e) => setDraft((d) => ({ ...d, text: e.target.value }))} />
      <FormFooter label={initial ? 'Save Reply' : 'Add Reply'} busy={saving} busyLabel="Saving..." onCancel={onCancel} />
    </form>
  );
}

export function SavedReplies() {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  // A first load that failed shows in place of the list; a later one as a banner over the list kept.
  const screen = useListScreen<SavedReply>(SAVED_REPLIES_KEY, savedRepliesAction, { loadError: (_, items) => (items ? 'Failed to load saved replies' : null) });
  const { dialog } = screen;

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
            Saved replies
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">Short answers your team gives often. In a chat, type / in the message box, then a few letters of a title, and press Enter to insert it.</p>
        </div>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add saved reply
        </Button>
      </div>
      <MessageBanners {...screen.banners} />
      {screen.loading ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Loading saved replies...
        </p>
      ) : screen.failed ? (
        <div className="space-y-3">
          <Banner tone="error">Failed to load saved replies</Banner>
          <Button variant="secondary" onClick={() => void screen.reload()}>
            Try Again
          </Button>
        </div>
      ) : (
        <ItemList items={screen.items} empty="No saved replies yet.">
          {(r) => (
            <ItemCard key={r.id} label={r.title} title={r.title} heading="h3" actions={<EditDeleteButtons onEdit={() => screen.open('edit', r)} onDelete={() => screen.open('delete', r)} />}>
              <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800 dark:text-slate-200" title={r.text}>
                {r.text.length > PREVIEW ? `${r.text.slice(0, PREVIEW)}…` : r.text}
              </p>
            </ItemCard>
          )}
        </ItemList>
      )}
      {adding && (
        <Modal open onOpenChange={(o) => !o && setAdding(false)} title="Add Saved Reply" wide>
          <ReplyForm
            initial={null}
            onCancel={() => setAdding(false)}
            onSaved={(m) => {
              setAdding(false);
              screen.done(m);
            }}
          />
        </Modal>
      )}
      {dialog?.kind === 'edit' && (
        <Modal open onOpenChange={(o) => !o && screen.close()} title="Edit Saved Reply" wide>
          <ReplyForm initial={dialog.item} onSaved={screen.done} onCancel={screen.close} />
        </Modal>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Saved Reply"
          onCancel={screen.close}
          onConfirm={() => void screen.run(() => deleteSavedReplyAction({ params: { id: dialog.item.id } }), { failure: 'Failed to delete saved reply', success: 'Saved reply deleted successfully' })}
        >
          Are you sure you want to delete &quot;{dialog.item.title}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
