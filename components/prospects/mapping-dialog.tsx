'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { MAP_NAMES, PROSPECT_FIELD_LABELS, PROSPECT_FIELDS, type FieldMapping, type ParsedHeaders } from '@/lib/prospects/schema';

// Each column is skipped, mapped to a field, or kept as a custom field with a name.
type Choice = { target: string; customName: string };

export function MappingDialog({ parsed, filename, onCancel, onImport }: { parsed: ParsedHeaders; filename: string; onCancel: () => void; onImport: (mappings: FieldMapping[]) => void }) {
  const [choices, setChoices] = useState<Choice[]>(() => parsed.suggested_mappings.map((m) => ({ target: m.target_field, customName: m.source_column })));
  const [error, setError] = useState<string | null>(null);
  const used = new Set(choices.map((c) => c.target).filter((t) => t && t !== '__custom'));

  function submit() {
    const mappings: FieldMapping[] = [];
    parsed.headers.forEach((h, i) => {
      const c = choices[i]!;
      if (c.target === '__custom') mappings.push({ source_column: h, target_field: c.customName.trim(), is_custom: true });
      else if (c.target) mappings.push({ source_column: h, target_field: c.target, is_custom: false });
    });
    if (!used.has('first_name') || !used.has('last_name')) return setError(MAP_NAMES);
    if (mappings.some((m) => m.is_custom && !m.target_field)) return setError('Please name every custom field');
    setError(null);
    onImport(mappings);
  }

  return (
    <Modal open onOpenChange={(o) => !o && onCancel()} title="Map Columns" description={`Choose what each column of ${filename} becomes. First Name and Last Name are required.`} wide>
      <div className="space-y-3">
        {parsed.headers.map((h, i) => {
          const c = choices[i]!;
          const sample = parsed.preview.map((r) => r[h]).filter(Boolean).slice(0, 2).join(', ');
          return (
            <div key={h} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
              <div>
                <p className="font-medium text-slate-900 dark:text-white">{h}</p>
                <p className="truncate text-xs text-slate-600 dark:text-slate-400">{sample ? `e.g. ${sample}` : 'No sample values'}</p>
              </div>
              <div className="space-y-2">
                <label className="block text-sm">
                  <span className="sr-only">Map column {h} to</span>
                  <select
                    aria-label={`Map column ${h} to`}
                    className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-800"
                    value={c.target}
                    onChange={(e) => setChoices((all) => all.map((x, j) => (j === i ? { ...x, target: e.target.value } : x)))}
                  >
                    <option value="">Skip this column</option>
                    {PROSPECT_FIELDS.map((f) => (
                      <option key={f} value={f} disabled={used.has(f) && c.target !== f}>
                        {PROSPECT_FIELD_LABELS[f]}
                        {f === 'first_name' || f === 'last_name' ? ' (required)' : ''}
                      </option>
                    ))}
                    <option value="__custom">Custom field…</option>
                  </select>
                </label>
                {c.target === '__custom' && (
                  <label className="block text-sm">
                    <span className="text-slate-700 dark:text-slate-300">Custom field name</span>
                    <input
                      className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 dark:border-slate-600 dark:bg-slate-800"
                      value={c.customName}
                      maxLength={100}
                      onChange={(e) => setChoices((all) => all.map((x, j) => (j === i ? { ...x, customName: e.target.value } : x)))}
                    />
                  </label>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={submit}>Import</Button>
      </div>
    </Modal>
  );
}
