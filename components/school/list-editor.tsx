'use client';

import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';

/** A list of single-line values with add and remove (locations). */
export function StringListEditor({ label, values, onChange, placeholder }: { label: string; values: string[]; onChange: (v: string[]) => void; placeholder?: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</legend>
      <ul className="mt-1 space-y-2">
        {values.map((v, i) => (
          <li key={i} className="flex gap-2">
            <input aria-label={`${label} ${i + 1}`} className={`${inputClass} mt-0`} value={v} placeholder={placeholder} onChange={(e) => onChange(values.map((x, k) => (k === i ? e.target.value : x)))} />
            <Button variant="secondary" onClick={() => onChange(values.filter((_, k) => k !== i))} aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="mt-2" onClick={() => onChange([...values, ''])}>
        Add {label.toLowerCase().replace(/s$/, '')}
      </Button>
    </fieldset>
  );
}
