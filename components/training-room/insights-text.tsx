'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { renderMarkdown } from '@/lib/widget/markdown';

/**
 * A source's insights as the formatted text they are (headings, lists, bold), with Edit to change
 * the Markdown itself. `text` and `onChange` belong to the dialog, which saves them.
 */
export function InsightsText({ id, text, onChange }: { id: string; text: string; onChange: (text: string) => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        {editing ? (
          <label htmlFor={id} className="block text-sm font-medium">
            Insights the assistant answers from (Markdown)
          </label>
        ) : (
          <h3 className="text-sm font-medium">Insights the assistant answers from</h3>
        )}
        <Button type="button" variant="secondary" onClick={() => setEditing((e) => !e)} aria-pressed={editing}>
          {editing ? 'Show formatted' : 'Edit'}
        </Button>
      </div>
      {editing ? (
        <textarea id={id} rows={15} className={`${inputClass} font-mono text-xs`} value={text} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <div
          data-testid="insights-formatted"
          className="chat-markdown max-h-[60vh] overflow-y-auto rounded-lg border border-slate-200 p-3 text-sm break-words dark:border-slate-700"
          dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }}
        />
      )}
    </div>
  );
}
