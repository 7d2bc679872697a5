'use client';

import { useState } from 'react';
import { deleteCorrectionAction, listCorrectionsAction } from '@/app/actions/corrections';
import { CorrectionDialog } from '@/components/chatbot/correction-dialog';
import { Badge } from '@/components/ui/badge';
import { MessageBanners } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EditDeleteButtons, ItemCard, ItemList } from '@/components/ui/item-list';
import { useListScreen } from '@/components/ui/use-list-screen';
import { NO_SCHOOL_CORRECTIONS, type CorrectionView } from '@/lib/knowledge/correction-schema';

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Staff corrections: answers the assistant gives as written to a question and similar ones (added here or from a rated answer in the Logs). */
export function Corrections() {
  const screen = useListScreen<CorrectionView>('corrections', listCorrectionsAction, {
    loadError: (f) => (f.code === 'no_school' ? NO_SCHOOL_CORRECTIONS : 'Failed to load corrections'),
  });
  const { dialog } = screen;
  const [adding, setAdding] = useState(false);

  if (screen.loading) return <p role="status">Loading corrections...</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">Answers you wrote for visitors&apos; questions. The assistant gives them as written, for the same question and similar ones.</p>
      <MessageBanners {...screen.banners} />
      <Button onClick={() => setAdding(true)}>Add Correction</Button>
      <ItemList items={screen.items} empty="No corrections yet.">
        {(c) => (
          <ItemCard
            key={c.id}
            label={c.question}
            title={c.question}
            heading="h3"
            badges={c.rating_id ? <Badge tone="neutral">From a rated answer</Badge> : undefined}
            actions={<EditDeleteButtons onEdit={() => screen.open('edit', c)} onDelete={() => screen.open('delete', c)} />}
          >
            <p className="mt-1 whitespace-pre-line text-sm text-slate-800 dark:text-slate-200" title={c.answer}>
              {truncate(c.answer, 300)}
            </p>
          </ItemCard>
        )}
      </ItemList>
      <CorrectionDialog
        open={adding || dialog?.kind === 'edit'}
        question={adding ? '' : (dialog?.item.question ?? '')}
        answer={adding ? '' : (dialog?.item.answer ?? '')}
        correctionId={adding ? undefined : dialog?.item.id}
        onClose={() => (adding ? setAdding(false) : screen.close())}
        onSaved={() => {
          const added = adding;
          setAdding(false);
          screen.done(added ? 'Correction added successfully' : 'Correction updated successfully');
        }}
      />
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Correction"
          onCancel={screen.close}
          onConfirm={() => {
            screen.close();
            void screen.run(() => deleteCorrectionAction({ params: { id: dialog.item.id } }), { failure: 'Failed to delete correction', success: 'Correction deleted successfully' });
          }}
        >
          Are you sure you want to delete the correction for &quot;{truncate(dialog.item.question, 80)}&quot;? The assistant will stop giving this answer.
        </ConfirmDialog>
      )}
    </div>
  );
}
