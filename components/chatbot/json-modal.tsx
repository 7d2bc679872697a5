'use client';

import { useEffect, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Modal } from '@/components/ui/modal';
import type { ActionResult } from '@/lib/http/action-result';
import { callAction } from '@/lib/web/api';
import { CopyButton } from './copy-button';

/** A read-only JSON view of one call's answer, with a copy action (spec 002 §2.2). */
export function JsonModal({ title, load, failure, onClose }: { title: string; load: () => Promise<ActionResult<unknown>>; failure: string; onClose: () => void }) {
  const [json, setJson] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void callAction(load, failure).then((res) => {
        if (res.ok) setJson(JSON.stringify(res.data, null, 2));
        else if (res.code !== 'session_expired') setError(/no school/i.test(res.error) ? res.error : failure);
      });
  }, [load, failure]);
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
