import type { ReactNode } from 'react';
import { Button } from './button';

/** A list of cards, or the dashed "nothing yet" note when it is empty. */
export function ItemList<T>({ items, empty, children }: { items: readonly T[]; empty: ReactNode; children: (item: T) => ReactNode }) {
  if (items.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">{empty}</p>;
  }
  return <ul className="space-y-3">{items.map(children)}</ul>;
}

/**
 * One record as a card: its title and badges on one line, its details, then its buttons. The card
 * is named by `label` so tests and screen readers can find one record's buttons.
 */
export function ItemCard({ label, title, heading: Heading = 'h4', badges, children, actions }: { label: string; title: ReactNode; heading?: 'h3' | 'h4'; badges?: ReactNode; children?: ReactNode; actions: ReactNode }) {
  return (
    <li aria-label={label} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <Heading className="font-semibold">{title}</Heading>
        {badges}
      </div>
      {children}
      <div className="mt-3 flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}

/** A small button on a card (Edit, Insights, Reset...). */
export function CardButton({ variant = 'secondary', ...props }: Parameters<typeof Button>[0]) {
  return <Button variant={variant} className="px-3 py-1.5" {...props} />;
}

/** The Edit and Delete buttons every card ends with. */
export function EditDeleteButtons({ onEdit, onDelete }: { onEdit?: () => void; onDelete: () => void }) {
  return (
    <>
      {onEdit && <CardButton onClick={onEdit}>Edit</CardButton>}
      <CardButton variant="danger" onClick={onDelete}>
        Delete
      </CardButton>
    </>
  );
}
