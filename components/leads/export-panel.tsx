'use client';

import { useState } from 'react';
import { fieldStatsAction, lastExportDateAction, leadsAction, trackExportAction } from '@/app/actions/leads';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { EXPORT_FIELD_KEYS, FROM_AFTER_TO, TO_BEFORE_FROM, type ExportField, type FieldStats, type LeadPage } from '@/lib/leads/manage-schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';

// The Export tab. A normal export holds the leads since the last one;
// a custom range overrides it without moving the mark. The file is streamed by GET /leads/export;
// after a normal export the tracking call moves the mark to the export's own bound.

export const NO_FIELDS = 'Please select at least one field to export.';
export const EXPORT_FAILED = 'Failed to export leads. Please try again.';

/** Today as YYYY-MM-DD in the browser's own day. */
function localDay(d = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
/** A picked day's first and last instants in the browser's time zone, as ISO date-times. */
function dayStart(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toISOString();
}
function dayEnd(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59, 999).toISOString();
}

export function ExportPanel() {
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [fields, setFields] = useState<ExportField[]>(EXPORT_FIELD_KEYS);
  const [custom, setCustom] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [received, setReceived] = useState(0);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  // The filter of the leads this export holds.
  const filter: { from_date?: string; to_date?: string; since_last_export?: boolean } = custom ? { ...(from ? { from_date: dayStart(from) } : {}), ...(to ? { to_date: dayEnd(to) } : {}) } : { since_last_export: true };
  const key = JSON.stringify(filter);
  const last = useScreenData<{ last_export_at: string | null }>('leads-last-export', () => lastExportDateAction());
  const stats = useScreenData<FieldStats>(rangeError ? null : `leads-field-stats:${key}`, () => fieldStatsAction({ query: filter }), { keepPrevious: true });
  const count = useScreenData<LeadPage>(rangeError ? null : `leads-export-count:${key}`, () => leadsAction({ query: { ...filter, page_size: 1 } }), { keepPrevious: true });
  const total = count.data?.total ?? 0;

  function pickFrom(value: string) {
    setFrom(value);
    setRangeError(value && to && value > to ? FROM_AFTER_TO : null);
  }
  function pickTo(value: string) {
    setTo(value);
    setRangeError(value && from && value < from ? TO_BEFORE_FROM : null);
  }
  const toggle = (f: ExportField) => setFields((cur) => (cur.includes(f) ? cur.filter((x) => x !== f) : EXPORT_FIELD_KEYS.filter((x) => x === f || cur.includes(x))));

  async function runExport() {
    setFailed(false);
    setDone(null);
    setExporting(true);
    setReceived(0);
    try {
      const params = new URLSearchParams({ format, fields: fields.join(',') });
      for (const [k, v] of Object.entries(filter)) params.set(k, String(v));
      const res = await fetch(`/leads/export?${params}`, { cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
      // Read as it streams, for the progress shown; the file is saved once complete.
      const reader = res.body.getReader();
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        parts.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        setReceived(bytes);
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `leads.${format}`;
      const url = URL.createObjectURL(new Blob(parts, { type: res.headers.get('content-type') ?? 'application/octet-stream' }));
      const a = Object.assign(document.createElement('a'), { href: url, download: name });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const leadCount = Number(res.headers.get('x-lead-count') ?? 0);
      setDone(`Exported ${leadCount} lead${leadCount === 1 ? '' : 's'} to ${name}`);
      // The export is recorded; a failure here is only logged, since the file is already saved.
      const tracked = await callAction(() =>
        trackExportAction({ body: {
          export_type: format.toUpperCase(),
          from_date: custom ? (filter.from_date ?? null) : res.headers.get('x-export-from'),
          to_date: custom ? (filter.to_date ?? null) : res.headers.get('x-export-until'),
          field_count: fields.length,
          lead_count: leadCount,
          since_last_export: !custom,
        } }),
      );
      if (!tracked.ok) console.error('[leads] export tracking failed:', tracked.error);
      await Promise.all([last.reload(), count.reload(), stats.reload()]);
    } catch (err) {
      console.error('[leads] export failed', err);
      setFailed(true);
    } finally {
      setExporting(false);
    }
  }

  const lastAt = last.data?.last_export_at;
  const today = localDay();
  const blocked = exporting || fields.length === 0 || total === 0 || Boolean(rangeError) || count.loading;

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">Export Leads</h2>
      {failed && <Banner tone="error">{EXPORT_FAILED}</Banner>}
      {done && (
        <Banner tone="success" onDismiss={() => setDone(null)}>
          {done}
        </Banner>
      )}

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Format</legend>
        <div className="flex gap-6 text-sm">
          {(['csv', 'json'] as const).map((f) => (
            <label key={f} className="flex items-center gap-2">
              <input type="radio" name="export-format" value={f} checked={format === f} onChange={() => setFormat(f)} />
              {f.toUpperCase()}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Leads</legend>
        <div className="space-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="export-range" checked={!custom} onChange={() => setCustom(false)} />
            Since last export {lastAt ? `(${new Date(lastAt).toLocaleString()})` : '(no export yet: all leads)'}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="export-range" checked={custom} onChange={() => setCustom(true)} />
            Custom date range
          </label>
        </div>
        {custom && (
          <div className="grid max-w-md gap-3 sm:grid-cols-2">
            <TextField label="From" type="date" value={from} max={to || today} onChange={(e) => pickFrom(e.target.value)} aria-invalid={rangeError === FROM_AFTER_TO} />
            <TextField label="To" type="date" value={to} min={from || undefined} max={today} onChange={(e) => pickTo(e.target.value)} aria-invalid={rangeError === TO_BEFORE_FROM} />
          </div>
        )}
        {rangeError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {rangeError}
          </p>
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Fields</legend>
        <div className="flex gap-2">
          <Button variant="secondary" className="px-2 py-1" onClick={() => setFields(EXPORT_FIELD_KEYS)}>
            Select all
          </Button>
          <Button variant="secondary" className="px-2 py-1" onClick={() => setFields([])}>
            Select none
          </Button>
        </div>
        <div className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {(stats.data?.fields ?? EXPORT_FIELD_KEYS.map((k) => ({ key: k, label: k, count: null as number | null }))).map((f) => (
            <label key={f.key} className="flex items-center gap-2">
              <input type="checkbox" checked={fields.includes(f.key as ExportField)} onChange={() => toggle(f.key as ExportField)} />
              <span>
                {f.label}
                {f.count !== null && <span className="text-slate-600 dark:text-slate-400"> ({f.count})</span>}
              </span>
            </label>
          ))}
        </div>
        {fields.length === 0 && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {NO_FIELDS}
          </p>
        )}
      </fieldset>

      <div className="space-y-3">
        <p role="status" className="text-sm" data-testid="export-count">
          {count.failure ? 'Failed to load leads. Please try again.' : count.loading ? 'Counting leads...' : `${total} lead${total === 1 ? '' : 's'} will be exported.`}
        </p>
        <Button onClick={runExport} disabled={blocked}>
          {exporting ? 'Exporting...' : `Export ${format.toUpperCase()}`}
        </Button>
        {exporting && (
          <div className="space-y-1" role="status" aria-live="polite">
            <progress aria-label="Export progress" className="w-full max-w-md" />
            <p className="text-xs text-slate-700 dark:text-slate-300">{received ? `${Math.round(received / 1024)} KB received` : 'Preparing the file...'}</p>
          </div>
        )}
      </div>
    </div>
  );
}
