'use client';

import { flexRender, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { NARROW, useMediaQuery } from './use-media-query';

/** A plain table needs only the core row model. */
export const plainTableFeatures = tableFeatures({});
export type PlainColumn<T extends RowData> = ColumnDef<typeof plainTableFeatures, T, unknown>;

/**
 * A headless TanStack table rendered as an accessible HTML table, with an empty-state row. With
 * `cardsWhenNarrow`, at 768 px or less each row becomes a card of label and value pairs instead of
 * a table that must scroll sideways.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  caption,
  empty,
  rowKey,
  cardsWhenNarrow,
}: {
  columns: PlainColumn<T>[];
  data: T[];
  caption: string;
  empty: ReactNode;
  rowKey: (row: T) => string | number;
  cardsWhenNarrow?: boolean;
}) {
  const table = useTable({ features: plainTableFeatures, columns, data, getRowId: (row) => String(rowKey(row)) });
  const narrow = useMediaQuery(NARROW);
  const colCount = table.getAllLeafColumns().length;
  if (cardsWhenNarrow && narrow) {
    const rows = table.getRowModel().rows;
    const headers = table.getHeaderGroups().at(-1)?.headers ?? [];
    if (rows.length === 0) return <p className="rounded-xl border border-slate-200 px-3 py-6 text-center text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">{empty}</p>;
    return (
      <ul aria-label={caption} className="space-y-3">
        {rows.map((row) => (
          <li key={row.id} data-testid="table-card" className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-700">
            <dl className="space-y-2">
              {row.getAllCells().map((cell, i) => (
                <div key={cell.id}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{headers[i] && !headers[i].isPlaceholder ? flexRender(headers[i].column.columnDef.header, headers[i].getContext()) : null}</dt>
                  <dd className="mt-0.5 min-w-0 break-words">{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 font-semibold">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={colCount} className="px-3 py-6 text-center text-slate-700 dark:text-slate-300">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
