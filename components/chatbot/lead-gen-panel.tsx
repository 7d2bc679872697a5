'use client';

import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { leadGenSettingsAction, saveLeadGenSettingsAction } from '@/app/actions/lead-gen';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { inputClass, TextArea } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { LEAD_FIELD_KEYS, LEAD_FIELDS, REQUIREMENT_TEMPLATES, type LeadFieldKey } from '@/lib/leads/fields';
import { describeRequirements, parseRequirements, RequirementError, requirementFields } from '@/lib/leads/requirements';
import { leadGenSettingsSchema, type AskLevel, type CollectionMode, type LeadGenSettingsView } from '@/lib/leads/schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import { LeadFieldList, REORDER_HELP } from './lead-field-list';

// Lead Generation Setup: the settings, the ask-level rules, the minimum-requirements templates and
// the screen's messages. The expression is checked as it is typed by the parser the server uses
// (lib/leads/requirements), and the whole draft by the same schema.

const CUSTOM = 'custom';
const SUCCESS_MS = 3000;

const MODES: { value: CollectionMode; label: string; hint: string }[] = [
  { value: 'conversational', label: 'Conversational', hint: 'The assistant asks for details in the chat, one at a time, after answering the question.' },
  { value: 'smart_card', label: 'Quick Info Card', hint: 'A short form appears in the chat for the visitor to fill in.' },
];

const templateOf = (expression: string) => REQUIREMENT_TEMPLATES.find((t) => t.expression === expression.trim())?.label ?? CUSTOM;

type Check = { problem: string } | { problem: null; fields: LeadFieldKey[]; reads: string };

function checkExpression(expression: string): Check {
  try {
    const tree = parseRequirements(expression);
    return { problem: null, fields: requirementFields(tree), reads: describeRequirements(tree) };
  } catch (err) {
    if (err instanceof RequirementError) return { problem: err.message };
    throw err;
  }
}

type Message = { tone: 'error' | 'success'; text: string; detail?: string } | null;

/** The Lead Gen tab: loads the settings, then the form. */
export function LeadGenPanel() {
  const settings = useScreenData('lead-gen-settings', leadGenSettingsAction, { fallback: 'Failed to load settings' });
  return (
    <section aria-labelledby="lead-gen-title" className="space-y-6 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <div className="space-y-1">
        <h2 id="lead-gen-title" className="text-lg font-semibold">
          Lead Generation Setup
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">Choose which details the assistant collects from visitors, in what order, and when a visitor counts as a lead.</p>
      </div>
      {settings.loading ? (
        <p role="status">Loading lead generation settings...</p>
      ) : settings.data ? (
        <LeadGenForm saved={settings.data} onSaved={settings.setData} />
      ) : (
        <div className="space-y-3">
          <Banner tone="error">Failed to load settings</Banner>
          <Button variant="secondary" onClick={() => void settings.reload()}>
            Try Again
          </Button>
        </div>
      )}
    </section>
  );
}

function Group({ title, id, children, hint }: { title: string; id: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-700">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {hint}
      {children}
    </section>
  );
}

function LeadGenForm({ saved, onSaved }: { saved: LeadGenSettingsView; onSaved: (next: LeadGenSettingsView) => void }) {
  const [draft, setDraft] = useState<LeadGenSettingsView>(saved);
  const [template, setTemplate] = useState(() => templateOf(saved.minimum_requirements));
  const [toAdd, setToAdd] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  // What the last Move up / Move down / add / remove did, for screen readers (drags announce themselves).
  const [said, setSaid] = useState('');
  const ids = { add: useId(), switch: useId(), help: useId(), expr: useId(), exprHint: useId(), exprStatus: useId(), unasked: useId() };

  // A removed field's row is gone: focus goes where it can be added back (once that select is drawn).
  const [focusAdd, setFocusAdd] = useState(0);
  useEffect(() => {
    if (focusAdd) document.getElementById(ids.add)?.focus();
  }, [focusAdd, ids.add]);

  // 'Settings saved successfully' clears after 3 s.
  useEffect(() => {
    if (message?.tone !== 'success') return;
    const timer = setTimeout(() => setMessage(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const check = useMemo(() => checkExpression(draft.minimum_requirements), [draft.minimum_requirements]);
  const unused = LEAD_FIELD_KEYS.filter((k) => !draft.field_order.includes(k));
  // Fields the requirements need that the assistant will never ask for: a lead could never qualify.
  const unasked = check.problem === null ? check.fields.filter((f) => !draft.field_order.includes(f) || draft.field_settings[f] === 'never') : [];
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = <K extends keyof LeadGenSettingsView>(key: K, value: LeadGenSettingsView[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function reorder(next: LeadFieldKey[], moved: LeadFieldKey, via: 'drag' | 'button') {
    set('field_order', next);
    if (via === 'button') setSaid(`${LEAD_FIELDS[moved].label} moved to position ${next.indexOf(moved) + 1} of ${next.length}.`);
  }

  // Removing a field sets its ask level to never.
  function remove(field: LeadFieldKey) {
    setDraft((d) => ({ ...d, field_order: d.field_order.filter((f) => f !== field), field_settings: { ...d.field_settings, [field]: 'never' } }));
    setSaid(`${LEAD_FIELDS[field].label} removed; it will not be asked.`);
    setFocusAdd((n) => n + 1);
  }

  // Adding a field sets ask_once if it has no level (a removed field's "never" counts as none).
  function add() {
    if (!toAdd) return;
    const field = toAdd as LeadFieldKey;
    const current = draft.field_settings[field];
    const level: AskLevel = current && current !== 'never' ? current : 'ask_once';
    setDraft((d) => ({ ...d, field_order: [...d.field_order, field], field_settings: { ...d.field_settings, [field]: level } }));
    setToAdd('');
    setSaid(`${LEAD_FIELDS[field].label} added at position ${draft.field_order.length + 1}.`);
  }

  function pickTemplate(value: string) {
    setTemplate(value);
    const chosen = REQUIREMENT_TEMPLATES.find((t) => t.label === value);
    if (chosen) set('minimum_requirements', chosen.expression);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || check.problem) return;
    const parsed = leadGenSettingsSchema.safeParse(draft);
    if (!parsed.success) return setMessage({ tone: 'error', text: 'Failed to save settings', detail: parsed.error.issues.map((i) => i.message).join('. ') });
    setBusy(true);
    setMessage(null);
    const res = await callAction(() => saveLeadGenSettingsAction({ body: draft }), 'Failed to save settings');
    setBusy(false);
    if (!res.ok) {
      // The server's reasons only for a refused value; anything else is the plain message.
      return setMessage({ tone: 'error', text: 'Failed to save settings', detail: res.code === 'validation' ? res.error : undefined });
    }
    setDraft(res.data);
    setTemplate(templateOf(res.data.minimum_requirements));
    onSaved(res.data);
    setMessage({ tone: 'success', text: 'Settings saved successfully' });
  }

  function discard() {
    setDraft(saved);
    setTemplate(templateOf(saved.minimum_requirements));
    setMessage(null);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Lead generation settings" className="space-y-5">
      <p className="sr-only" aria-live="polite">
        {said}
      </p>

      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          id={ids.switch}
          type="button"
          role="switch"
          aria-checked={draft.enabled}
          onClick={() => set('enabled', !draft.enabled)}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${draft.enabled ? 'bg-brand-700' : 'bg-slate-400 dark:bg-slate-600'}`}
        >
          <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${draft.enabled ? 'translate-x-5' : 'translate-x-0.5'}`} />
        </button>
        <label htmlFor={ids.switch} className="whitespace-nowrap text-sm font-medium">
          Enable lead collection
        </label>
        <span className="text-sm text-slate-600 dark:text-slate-400">{draft.enabled ? 'On: the assistant collects details from visitors.' : 'Off: the assistant does not ask for details.'}</span>
      </div>

      <Group title="Collection mode" id="lead-mode-title">
        <div role="radiogroup" aria-labelledby="lead-mode-title" className="grid gap-3 sm:grid-cols-2">
          {MODES.map((m) => (
            <label key={m.value} className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm ${draft.collection_mode === m.value ? 'border-brand-700 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700'}`}>
              <input type="radio" name="collection_mode" value={m.value} checked={draft.collection_mode === m.value} onChange={() => set('collection_mode', m.value)} className="mt-0.5 h-4 w-4 accent-brand-700" />
              <span>
                <span className="block font-medium">{m.label}</span>
                <span className="block text-slate-700 dark:text-slate-300">{m.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </Group>

      <Group
        title="Fields to collect"
        id="lead-fields-title"
        hint={
          <p id={ids.help} className="text-sm text-slate-700 dark:text-slate-300">
            {REORDER_HELP}
          </p>
        }
      >
        <LeadFieldList
          order={draft.field_order}
          levels={draft.field_settings}
          describedBy={ids.help}
          onReorder={reorder}
          onLevel={(field, level) => set('field_settings', { ...draft.field_settings, [field]: level })}
          onRemove={remove}
        />
        {unused.length > 0 ? (
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-56">
              <SelectField label="Add a field" id={ids.add} value={toAdd} onChange={(e) => setToAdd(e.target.value)}>
                <option value="">Choose a field…</option>
                {unused.map((k) => (
                  <option key={k} value={k}>
                    {LEAD_FIELDS[k].label}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button variant="secondary" onClick={add} disabled={!toAdd}>
              Add Field
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">Every field is in the list.</p>
        )}
      </Group>

      <Group
        title="Minimum requirements"
        id="lead-min-title"
        hint={<p className="text-sm text-slate-700 dark:text-slate-300">A visitor becomes a lead once they have given these details. Pick a template, or Custom to write your own.</p>}
      >
        <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
          <SelectField label="Template" value={template} onChange={(e) => pickTemplate(e.target.value)}>
            {REQUIREMENT_TEMPLATES.map((t) => (
              <option key={t.label} value={t.label}>
                {t.label}
              </option>
            ))}
            <option value={CUSTOM}>Custom</option>
          </SelectField>
          <div>
            <label htmlFor={ids.expr} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Requirements expression
            </label>
            <input
              id={ids.expr}
              className={`${inputClass} font-mono read-only:bg-slate-50 dark:read-only:bg-slate-800`}
              value={draft.minimum_requirements}
              readOnly={template !== CUSTOM}
              spellCheck={false}
              autoComplete="off"
              maxLength={500}
              aria-invalid={check.problem ? true : undefined}
              aria-describedby={[ids.exprStatus, ids.exprHint, unasked.length ? ids.unasked : ''].filter(Boolean).join(' ')}
              onChange={(e) => set('minimum_requirements', e.target.value)}
            />
            <div id={ids.exprStatus} aria-live="polite" className="mt-1 text-sm">
              {check.problem !== null ? (
                <p className="font-medium text-red-700 dark:text-red-400" data-testid="expression-error">
                  {check.problem}
                </p>
              ) : (
                <p className="text-slate-700 dark:text-slate-300">Reads as: {check.reads}</p>
              )}
            </div>
            <p id={ids.exprHint} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {template === CUSTOM ? 'Use field names, AND, OR and parentheses, for example first_name AND (email OR phone).' : 'Choose Custom to edit the expression.'}
            </p>
            {unasked.length > 0 && (
              <p id={ids.unasked} className="mt-1 text-sm text-amber-800 dark:text-amber-300">
                {unasked.map((f) => LEAD_FIELDS[f].label).join(', ')} {unasked.length === 1 ? 'is' : 'are'} required but never asked for, so a visitor may not become a lead in conversation.
              </p>
            )}
          </div>
        </div>
        {template === CUSTOM && (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-800 dark:text-brand-300">Field names you can use</summary>
            <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
              {LEAD_FIELD_KEYS.map((k) => (
                <div key={k} className="contents">
                  <dt className="font-mono">{k}</dt>
                  <dd>{LEAD_FIELDS[k].label}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </Group>

      <Group title="Instructions" id="lead-instructions-title">
        <TextArea label="Collection instructions" rows={4} maxLength={4000} value={draft.collection_instructions} onChange={(e) => set('collection_instructions', e.target.value)} />
        <TextArea label="Quick Info Card instructions" rows={3} maxLength={2000} value={draft.smart_card_instructions} onChange={(e) => set('smart_card_instructions', e.target.value)} />
      </Group>

      {/* The save's outcome beside the button that saved. */}
      {message && (
        <Banner tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
          {message.detail && <span className="mt-1 block">{message.detail}</span>}
        </Banner>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-5 dark:border-slate-700">
        {check.problem && <p className="text-sm text-red-700 dark:text-red-400">Fix the minimum requirements to save.</p>}
        <Button variant="secondary" onClick={discard} disabled={!dirty || busy}>
          Discard Changes
        </Button>
        <Button type="submit" disabled={busy || check.problem !== null}>
          {busy ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
