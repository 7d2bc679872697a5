'use client';

import { Banner } from '@/components/ui/banner';
import { Modal } from '@/components/ui/modal';
import type { ActionResult } from '@/lib/http/action-result';
import { useScreenData } from '@/lib/web/screen-data';
import { CopyButton } from './copy-button';

/** A read-only JSON view of one call's answer, with a copy action. */
export function JsonModal({ title, load, failure, onClose }: { title: string; load: () => Promise<ActionResult<unknown>>; failure: string; onClose: () => void }) {
  const answer = useScreenData(`json:${title}`, load, { fallback: failure });
  const json = answer.data === undefined ? null : JSON.stringify(answer.data, null, 2);
  const error = answer.failure ? (answer.failure.code === 'no_school' ? answer.failure.error : failure) : null;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} wide>
      {error && <Banner tone="error">{error}</Banner>}
      {!error && json === null && <p role="status">Loading…</p>}
      {json !== null && (
        <div className="space-y-3">
          <CopyButton text={json} label="Copy JSON" />
          <pre className="max-h-[60vh] overflow-auto rounded-md bg-slate-900 p-4 text-xs text-slate-100" tabIndex={0} aria-label={`${title} as JSON`}>
            {json}
          </pre>
        </div>
      )}
    </Modal>
  );
}
