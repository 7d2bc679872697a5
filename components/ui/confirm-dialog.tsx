'use client';

import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/** A destructive action's confirmation: the question, Cancel, and the action. */
export function ConfirmDialog({ title, children, confirmLabel = 'Delete', onCancel, onConfirm }: { title: string; children: ReactNode; confirmLabel?: string; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal open onOpenChange={(open) => !open && onCancel()} title={title}>
      <p className="text-sm text-slate-800 dark:text-slate-200">{children}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
