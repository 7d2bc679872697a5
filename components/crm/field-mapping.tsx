'use client';

import { useId, useState, type FormEvent } from 'react';
import { saveFieldMappingAction } from '@/app/actions/crm';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { CRM_FIELD_LABELS, CRM_MAPPABLE_FIELDS, CRM_MESSAGES, isMappableField, soleFieldOf, type CrmIntegrationView, type CrmMappingValue } from '@/lib/crm/schema';
import { callAction } from '@/lib/web/api';
import { useTransientMessage } from './parts';

// Rows of CRM field → a lead field ({{placeholder}}) or a static value; rows
// with an empty part are dropped on save. No mapping sends the whole lead.
const SUCCESS_MS = 3000;

type Row = { crm: string; kind: 'field' | 'static'; field: string; value: string };

function rowsOf(mapping: Record<string, CrmMappingValue>): Row[] {
  return Object.entries(mapping).map(([crm, v]) => {
    const sole = typeof v === 'string' ? soleFieldOf(v) : null;
    return sole && isMappableField(sole) ? { crm, kind: 'field', field: sole, value: '' } : { crm, kind: 'static', field: '', value: v === null ? '' : String(v) };
  });
}

const emptyRow = (): Row => ({ crm: '', kind: 'field', field: '', value: '' });

export function FieldMapping({ integration, onSaved }: { integration: CrmIntegrationView | null; onSaved: (i: CrmIntegrationView) => void }) {
  if (!integration) return <Banner tone="info">{CRM_MESSAGES.noIntegration}</Banner>;
  return <MappingForm integration={integration} onSaved={onSaved} />;
}

function MappingForm({ integration, onSaved }: { integration: CrmIntegrationView; onSaved: (i: CrmIntegrationView) => void }) {
  const [rows, setRows] = useState<Row[]>(() => {
    const r = rowsOf(integration.field_mapping);
    return r.length ? r : [emptyRow()];
  });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useTransientMessage(SUCCESS_MS);
  const ids = useId();
  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function save(event: FormEvent) {
    event.preventDefault();
    const mapping = Object.fromEntries(
      rows
        .map((r) => [r.crm.trim(), r.kind === 'field' ? (r.field ? `{{${r.field}}}` : '') : r.value.trim()] as const)
        .filter(([crm, v]) => crm && v),
    );
    setBusy(true);
    setMessage(null);
    const res = await callAction(() => saveFieldMappingAction({ field_mapping: mapping }), CRM_MESSAGES.mappingFailed);
    setBusy(false);
    if (!res.ok) return setMessage({ tone: 'error', text: res.code === 'validation' ? `${CRM_MESSAGES.mappingFailed}: ${res.error}` : CRM_MESSAGES.mappingFailed });
    onSaved(res.data);
    setMessage({ tone: 'success', text: CRM_MESSAGES.mappingSaved });
  }

  return (
    <form onSubmit={save} noValidate aria-label="Field mapping" className="space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      {!integration.enabled && <Banner tone="info">The CRM integration is disabled: no leads are sent until it is enabled in CRM Config.</Banner>}
      {message && (
        <Banner tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Name each field your CRM expects and choose the lead field that fills it, or a fixed value. Without any mapping the whole lead is sent.
      </p>
      <ul className="space-y-3">
        {rows.map((r, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2">
            <div className="min-w-40 flex-1 text-sm">
              <label htmlFor={`${ids}-${i}-crm`} className="font-medium">
                CRM field
              </label>
              <input id={`${ids}-${i}-crm`} className={inputClass} value={r.crm} maxLength={200} onChange={(e) => update(i, { crm: e.target.value })} placeholder="e.g. FirstName" />
            </div>
            <div className="w-40 text-sm">
              <label htmlFor={`${ids}-${i}-kind`} className="font-medium">
                Fill with
              </label>
              <select id={`${ids}-${i}-kind`} className={inputClass} value={r.kind} onChange={(e) => update(i, { kind: e.target.value as Row['kind'] })}>
                <option value="field">Lead field</option>
                <option value="static">Static value</option>
              </select>
            </div>
            {r.kind === 'field' ? (
              <div className="min-w-48 flex-1 text-sm">
                <label htmlFor={`${ids}-${i}-value`} className="font-medium">
                  Lead field
                </label>
                <select id={`${ids}-${i}-value`} className={inputClass} value={r.field} onChange={(e) => update(i, { field: e.target.value })}>
                  <option value="">Choose a lead field…</option>
                  {CRM_MAPPABLE_FIELDS.map((f) => (
                    <option key={f} value={f}>
                      {CRM_FIELD_LABELS[f]}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div className="min-w-48 flex-1 text-sm">
                <label htmlFor={`${ids}-${i}-value`} className="font-medium">
                  Static value
                </label>
                <input id={`${ids}-${i}-value`} className={inputClass} value={r.value} maxLength={2000} onChange={(e) => update(i, { value: e.target.value })} />
              </div>
            )}
            <Button variant="ghost" aria-label={`Remove mapping ${r.crm || i + 1}`} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button variant="secondary" onClick={() => setRows((rs) => [...rs, emptyRow()])}>
          Add Field
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save Mapping'}
        </Button>
      </div>
    </form>
  );
}
