'use client';

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useState } from 'react';
import { inputClass } from '@/components/ui/field';
import { ASK_LEVEL_LABELS, LEAD_FIELDS, type LeadFieldKey } from '@/lib/leads/fields';
import { ASK_LEVELS, type AskLevel } from '@/lib/leads/schema';

// The ordered list of fields the assistant collects (the order is collection priority). Three ways
// to reorder: drag a handle with the pointer, pick a handle up with the keyboard (Space, arrows,
// Space; dnd-kit's keyboard sensor, announced to screen readers), or the Move up / Move down
// buttons of each row.

const label = (id: UniqueIdentifier) => LEAD_FIELDS[id as LeadFieldKey]?.label ?? String(id);

export const REORDER_HELP =
  'Fields are asked in this order. Drag a field by its handle, or use the keyboard: focus the handle, press Space to pick the field up, the up and down arrow keys to move it, and Space again to drop it (Escape cancels). The Move up and Move down buttons do the same.';

const instructions: ScreenReaderInstructions = {
  draggable: 'To reorder this field, press Space or Enter to pick it up. Use the up and down arrow keys to move it, then Space or Enter to drop it, or Escape to cancel.',
};

function announcements(order: LeadFieldKey[], lastOver: { current: UniqueIdentifier | null }): Announcements {
  const at = (id: UniqueIdentifier) => `position ${order.indexOf(id as LeadFieldKey) + 1} of ${order.length}`;
  return {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${label(active.id)}, at ${at(active.id)}.`;
    },
    // Only a new place is news: at pick-up the field is over itself, which would hide "Picked up".
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${label(active.id)} is over ${at(over.id)}.` : `${label(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) => (over ? `${label(active.id)} dropped at ${at(over.id)}.` : `${label(active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving cancelled. ${label(active.id)} is back at ${at(active.id)}.`,
  };
}

type RowProps = {
  field: LeadFieldKey;
  index: number;
  count: number;
  level: AskLevel;
  onLevel: (level: AskLevel) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

// The shared input look, sized to its content inside a row.
const levelSelect = inputClass.replace('mt-1 block w-full', 'block w-auto');

const iconButton =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

function FieldRow({ field, index, count, level, onLevel, onMove, onRemove }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field });
  const name = LEAD_FIELDS[field].label;
  const first = index === 0;
  const last = index === count - 1;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="lead-field"
      data-field={field}
      className={`flex flex-wrap items-center gap-3 rounded-lg border bg-white px-3 py-2 dark:bg-slate-900 ${isDragging ? 'relative z-10 border-brand-600 shadow-lg' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${name}`}
        title="Drag to reorder, or press Space to pick up"
        className="flex h-9 w-8 cursor-grab touch-none items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 active:cursor-grabbing dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <circle cx="7" cy="5" r="1.5" />
          <circle cx="13" cy="5" r="1.5" />
          <circle cx="7" cy="10" r="1.5" />
          <circle cx="13" cy="10" r="1.5" />
          <circle cx="7" cy="15" r="1.5" />
          <circle cx="13" cy="15" r="1.5" />
        </svg>
      </button>
      <span aria-hidden="true" className="w-6 text-right text-sm tabular-nums text-slate-600 dark:text-slate-400">
        {index + 1}.
      </span>
      <div className="min-w-32 flex-1">
        <p className="font-medium">{name}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{LEAD_FIELDS[field].description}</p>
      </div>
      <select aria-label={`Ask level for ${name}`} value={level} onChange={(e) => onLevel(e.target.value as AskLevel)} className={levelSelect}>
        {ASK_LEVELS.map((l) => (
          <option key={l} value={l}>
            {ASK_LEVEL_LABELS[l]}
          </option>
        ))}
      </select>
      <div className="flex gap-1">
        {/* aria-disabled, not disabled: the button keeps focus when its row reaches the end. */}
        <button type="button" className={iconButton} aria-disabled={first} title="Move up" onClick={() => !first && onMove(index - 1)}>
          <span aria-hidden="true">↑</span>
          <span className="sr-only">Move {name} up</span>
        </button>
        <button type="button" className={iconButton} aria-disabled={last} title="Move down" onClick={() => !last && onMove(index + 1)}>
          <span aria-hidden="true">↓</span>
          <span className="sr-only">Move {name} down</span>
        </button>
        <button type="button" className={iconButton} onClick={onRemove}>
          Remove<span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}

export function LeadFieldList({
  order,
  levels,
  onReorder,
  onLevel,
  onRemove,
  describedBy,
}: {
  order: LeadFieldKey[];
  levels: Record<LeadFieldKey, AskLevel>;
  onReorder: (next: LeadFieldKey[], moved: LeadFieldKey, via: 'drag' | 'button') => void;
  onLevel: (field: LeadFieldKey, level: AskLevel) => void;
  onRemove: (field: LeadFieldKey) => void;
  describedBy?: string;
}) {
  // A stable id keeps dnd-kit's hidden instruction and live-region ids the same on server and client.
  const dndId = useId();
  // Where the last announcement said the field was; read only by dnd-kit's announcement callbacks.
  const [lastOver] = useState<{ current: UniqueIdentifier | null }>(() => ({ current: null }));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = order.indexOf(active.id as LeadFieldKey);
    const to = order.indexOf(over.id as LeadFieldKey);
    onReorder(arrayMove(order, from, to), active.id as LeadFieldKey, 'drag');
  }

  if (order.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700 dark:border-slate-600 dark:text-slate-300">No fields to collect. Add one below.</p>;
  return (
    <DndContext id={dndId} sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={{ announcements: announcements(order, lastOver), screenReaderInstructions: instructions }}>
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ol aria-label="Fields to collect, in order" aria-describedby={describedBy} className="space-y-2">
          {order.map((field, index) => (
            <FieldRow
              key={field}
              field={field}
              index={index}
              count={order.length}
              level={levels[field]}
              onLevel={(level) => onLevel(field, level)}
              onMove={(to) => onReorder(arrayMove(order, index, to), field, 'button')}
              onRemove={() => onRemove(field)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
