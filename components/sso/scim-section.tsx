'use client';

import { useState } from 'react';
import { createScimTokenAction, revokeScimTokenAction, scimTokenStatusAction } from '@/app/actions/sso';
import { CopyButton } from '@/components/chatbot/copy-button';
import { Banner, MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { ScimTokenCreated, ScimTokenStatus } from '@/lib/scim/schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';

// Provisioning by SCIM 2.0: the token the school's identity provider (Entra ID, Okta) presents to
// create, update and remove staff accounts. Shown once when made; only its hash is kept.

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

export function ScimSection() {
  const status = useScreenData<ScimTokenStatus>('sso-scim-token', () => scimTokenStatusAction());
  const [made, setMade] = useState<ScimTokenCreated | null>(null);
  const [revoking, setRevoking] = useState(false);
  const { error, success, setError, setSuccess } = useMessages();
  const s = status.data;

  async function create() {
    const res = await callAction(() => createScimTokenAction());
    if (!res.ok) return setError(res.error);
    setMade(res.data);
    setSuccess(null);
    await status.reload();
  }

  async function revoke() {
    setRevoking(false);
    const res = await callAction(() => revokeScimTokenAction());
    if (!res.ok) return setError(res.error);
    setMade(null);
    setSuccess('SCIM token revoked: the provider can no longer change accounts.');
    await status.reload();
  }

  return (
    <section aria-labelledby="scim-title" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="scim-title" className="text-lg font-semibold">
        Provisioning (SCIM)
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Let your provider create Lantern accounts and remove them the moment someone leaves: in Entra ID or Okta, add SCIM provisioning with this Tenant URL and a token made here.
      </p>
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      {status.loading ? (
        <p role="status">Loading provisioning…</p>
      ) : !s ? (
        <Banner tone="error">Failed to load provisioning</Banner>
      ) : (
        <>
          <dl className="space-y-1 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <dt className="font-medium">Tenant URL:</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <code className="break-all rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">{s.scim_base_url}</code>
                <CopyButton text={s.scim_base_url} label="Copy tenant URL" />
              </dd>
            </div>
            <div>
              <dt className="inline font-medium">Token: </dt>
              <dd className="inline" data-testid="scim-token-status">
                {s.active ? `active since ${when(s.created_at)}, last used ${when(s.last_used_at)}` : 'none'}
              </dd>
            </div>
          </dl>
          {made && (
            <Banner tone="success">
              <span className="block">Copy this token into your provider now: Lantern keeps only a fingerprint of it and cannot show it again.</span>
              <span className="mt-2 flex flex-wrap items-center gap-2">
                <code className="break-all rounded bg-white px-2 py-1 text-slate-900 dark:bg-slate-900 dark:text-slate-100" data-testid="scim-token">
                  {made.token}
                </code>
                <CopyButton text={made.token} label="Copy token" />
              </span>
            </Banner>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="secondary" onClick={() => void create()}>
              {s.active ? 'Replace SCIM token' : 'Create SCIM token'}
            </Button>
            {s.active && (
              <Button type="button" variant="danger" onClick={() => setRevoking(true)}>
                Revoke SCIM token
              </Button>
            )}
          </div>
        </>
      )}
      {revoking && (
        <ConfirmDialog title="Revoke the SCIM token?" confirmLabel="Revoke" onCancel={() => setRevoking(false)} onConfirm={() => void revoke()}>
          Your provider will no longer be able to create, update or remove Lantern accounts until you make a new token.
        </ConfirmDialog>
      )}
    </section>
  );
}
