'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { isTurnAnalysisSummary, labelOf, parseResult, schoolResultLines } from '@/lib/scheduler/format';
import type { TaskExecutionView } from '@/lib/scheduler/schema';

function CopyJson({ value }: { value: unknown }) {
  const [copied, setCopied] = useState(false);
  const text = JSON.stringify(value, null, 2);
  return (
    <div>
      <pre className="max-h-48 overflow-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{text}</pre>
      <Button
        variant="secondary"
        className="mt-1 px-2 py-1 text-xs"
        onClick={async () => {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        }}
      >
        {copied ? 'Copied' : 'Copy JSON'}
      </Button>
    </div>
  );
}

/** 'Task Execution Metrics': label/value pairs of the result, or its raw text. */
export function MetricsModal({ execution, onClose }: { execution: TaskExecutionView; onClose: () => void }) {
  const parsed = parseResult(execution.result_summary);
  let body;
  if (parsed.kind === 'none') body = <p className="text-sm">No result was recorded for this run.</p>;
  else if (parsed.kind === 'text') body = <pre className="whitespace-pre-wrap rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{parsed.value}</pre>;
  else if (isTurnAnalysisSummary(parsed.value)) {
    const v = parsed.value;
    const { lines, more } = schoolResultLines(v.school_results);
    body = (
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Schools processed</dt>
        <dd>
          {v.schools_processed} of {v.total_schools_found}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Messages processed</dt>
        <dd>{v.total_messages_processed}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Messages failed</dt>
        <dd>{v.total_messages_failed}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Processing rate</dt>
        <dd>{v.processing_rate_msgs_per_sec} msgs/sec</dd>
        <dt className="text-slate-600 dark:text-slate-400">School results</dt>
        <dd>
          <ul>
            {lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
            {more && <li className="text-slate-600 dark:text-slate-400">{more}</li>}
          </ul>
        </dd>
      </dl>
    );
  } else {
    body = (
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {Object.entries(parsed.value).map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{labelOf(k)}</dt>
            <dd className="min-w-0 break-words">{v !== null && typeof v === 'object' ? <CopyJson value={v} /> : String(v)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Task Execution Metrics" wide>
      <p className="mb-4 font-medium">{execution.display_name}</p>
      {execution.error_message && <p className="mb-4 rounded bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">{execution.error_message}</p>}
      {body}
    </Modal>
  );
}
