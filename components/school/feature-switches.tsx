'use client';

import { useState } from 'react';
import { setProspectFeatureAction } from '@/app/actions/prospects';

/**
 * Manage Prospects and Campaigns are hidden as coming soon until a
 * superuser turns them on for the school here. Off by default.
 */
export function FeatureSwitches({ prospectsEnabled }: { prospectsEnabled: boolean }) {
  const [on, setOn] = useState(prospectsEnabled);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function toggle(next: boolean) {
    setBusy(true);
    const r = await setProspectFeatureAction({ prospects_enabled: next });
    setBusy(false);
    if (r.ok) {
      setOn(next);
      setMessage({ ok: true, text: next ? 'Manage Prospects and Campaigns are now on the dashboard.' : 'Manage Prospects and Campaigns are hidden again.' });
    } else setMessage({ ok: false, text: r.error });
  }
  return (
    <section aria-labelledby="features-title" className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 id="features-title" className="text-lg font-semibold text-slate-900 dark:text-white">Features</h2>
      <label className="mt-3 flex items-center gap-3 text-slate-800 dark:text-slate-200">
        <input type="checkbox" checked={on} disabled={busy} onChange={(e) => toggle(e.target.checked)} className="h-4 w-4" />
        Manage Prospects and Campaigns (preview)
      </label>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Shows the Manage Prospects and Campaigns cards on this school&apos;s dashboard. Superusers only.</p>
      {message && (
        <p role="status" className={`mt-2 text-sm ${message.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}
