'use client';

import Link from 'next/link';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { liveSettingsAction, saveLiveSettingsAction } from '@/app/actions/live';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { liveSettingsSchema, WAIT_MINUTES_MAX, WEEKDAYS } from '@/lib/live/schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';

// The Live Chat tab of Chatbot Management: live chat on or off, the office hours (one span a day,
// in the school's time zone), how long a visitor waits before the contact form, and who is told
// when a wait runs out. The draft is checked with the server's own schema before it is sent.

type Span = { day: number; start: string; end: string };
type Settings = { enabled: boolean; office_hours: Span[]; wait_minutes: number; notify_email: string | null; time_zone: string };
type Day = { open: boolean; start: string; end: string; /** Further spans of the day (saved through the API), kept as they are. */ extra: Span[] };
type Draft = { enabled: boolean; days: Day[]; wait: string; email: string };
type Errors = { days: Record<number, string[]>; wait?: string; email?: string; hours?: string; general?: string };

const SAVED_MS = 3000;
const NO_ERRORS: Errors = { days: {} };
const timeClass = inputClass.replace('mt-1 ', '').replace('w-full', 'w-32');
const WAIT_TEXT = `Enter a whole number of minutes from 1 to ${WAIT_MINUTES_MAX}.`;

function draftOf(s: Settings): Draft {
  const days = WEEKDAYS.map((_, day) => {
    const spans = s.office_hours.filter((h) => h.day === day);
    return { open: spans.length > 0, start: spans[0]?.start ?? '09:00', end: spans[0]?.end ?? '17:00', extra: spans.slice(1) };
  });
  return { enabled: s.enabled, days, wait: String(s.wait_minutes), email: s.notify_email ?? '' };
}

/** The body of PUT /live/settings, and which weekday each span came from (to place its errors). */
function bodyOf(d: Draft) {
  const spans: Span[] = d.days.flatMap((day, i) => (day.open ? [{ day: i, start: day.start, end: day.end }, ...day.extra] : []));
  const wait = d.wait.trim() === '' ? Number.NaN : Number(d.wait);
  return { body: { enabled: d.enabled, office_hours: spans, wait_minutes: wait, notify_email: d.email.trim() }, dayOf: spans.map((s) => s.day) };
}

/** The schema's problems, each by the field it is about. */
function errorsOf(issues: { path: PropertyKey[]; message: string }[], dayOf: number[]): Errors {
  const out: Errors = { days: {} };
  for (const issue of issues) {
    const [field, index] = issue.path;
    if (field === 'office_hours' && typeof index === 'number' && dayOf[index] !== undefined) (out.days[dayOf[index]] ??= []).push(issue.message);
    else if (field === 'office_hours') out.hours ??= issue.message;
    else if (field === 'wait_minutes') out.wait = WAIT_TEXT;
    else if (field === 'notify_email') out.email ??= issue.message;
    else out.general ??= issue.message;
  }
  return out;
}

/** The server's refusal (its reasons joined in one line), each reason put by the field it names. */
function serverErrors(text: string): Errors {
  const out: Errors = { days: {} };
  for (const reason of text.split(/\.\s+/).map((r) => r.replace(/\.$/, '').trim()).filter(Boolean)) {
    if (/wait_minutes/.test(reason)) out.wait = WAIT_TEXT;
    else if (/e-mail/i.test(reason)) out.email ??= `${reason}.`;
    else if (/time|office hours|day/i.test(reason)) out.hours = out.hours ? `${out.hours} ${reason}.` : `${reason}.`;
    else out.general = out.general ? `${out.general} ${reason}.` : `${reason}.`;
  }
  return out;
}

const hasErrors = (e: Errors) => Boolean(e.wait || e.email || e.hours || e.general || Object.keys(e.days).length);

export function LiveSettingsPanel() {
  const settings = useScreenData<Settings>('live-settings', liveSettingsAction, { fallback: 'Could not load the live chat settings' });
  return (
    <section aria-labelledby="live-settings-title" className="space-y-6 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <div className="space-y-1">
        <h2 id="live-settings-title" className="text-lg font-semibold">
          Live Chat
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Let visitors talk to a person on your team. When a visitor asks for a person during office hours and someone is available in the{' '}
          <Link href="/dashboard/live" className="font-medium text-brand-800 underline underline-offset-2 dark:text-brand-300">
            Live Chat view
          </Link>
          , they wait for a moment while your team is told. If nobody joins in time, the visitor gets the contact form instead. Conversation logging must be on.
        </p>
      </div>
      {settings.loading ? (
        <p role="status">Loading live chat settings...</p>
      ) : settings.data ? (
        <LiveSettingsForm saved={settings.data} onSaved={settings.setData} />
      ) : (
        <div className="space-y-3">
          <Banner tone="error">{settings.failure?.error || 'Could not load the live chat settings'}</Banner>
          <Button variant="secondary" onClick={() => void settings.reload()}>
            Try Again
          </Button>
        </div>
      )}
    </section>
  );
}

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {text}
    </p>
  );
}

function LiveSettingsForm({ saved, onSaved }: { saved: Settings; onSaved: (next: Settings) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const ids = { switch: useId(), wait: useId(), waitError: useId(), waitHint: useId(), email: useId(), emailError: useId(), emailHint: useId(), hours: useId(), hoursError: useId() };

  // "Live chat settings saved" clears after 3 seconds; an error stays until the next save.
  useEffect(() => {
    if (message?.tone !== 'success') return;
    const timer = setTimeout(() => setMessage(null), SAVED_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const setDay = (day: number, change: Partial<Day>) => setDraft((d) => ({ ...d, days: d.days.map((x, i) => (i === day ? { ...x, ...change } : x)) }));
  const anyOpen = draft.days.some((d) => d.open);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { body, dayOf } = bodyOf(draft);
    const parsed = liveSettingsSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues, dayOf));
      return setMessage({ tone: 'error', text: 'Please fix the marked fields.' });
    }
    setBusy(true);
    setMessage(null);
    const res = await callAction(() => saveLiveSettingsAction({ body }), 'Could not save the live chat settings');
    setBusy(false);
    if (!res.ok) {
      const found = res.code === 'validation' ? serverErrors(res.error) : NO_ERRORS;
      setErrors(found);
      return setMessage({ tone: 'error', text: hasErrors(found) ? 'Please fix the marked fields.' : res.error || 'Could not save the live chat settings' });
    }
    setErrors(NO_ERRORS);
    setDraft(draftOf(res.data));
    onSaved(res.data);
    setMessage({ tone: 'success', text: 'Live chat settings saved.' });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Live chat settings" className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          id={ids.switch}
          type="button"
          role="switch"
          aria-checked={draft.enabled}
          onClick={() => setDraft((d) => ({ ...d, enabled: !d.enabled }))}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${draft.enabled ? 'bg-brand-700' : 'bg-slate-400 dark:bg-slate-600'}`}
        >
          <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${draft.enabled ? 'translate-x-5' : 'translate-x-0.5'}`} />
        </button>
        <label htmlFor={ids.switch} className="whitespace-nowrap text-sm font-medium">
          Turn on live chat
        </label>
        <span className="text-sm text-slate-600 dark:text-slate-400">{draft.enabled ? 'On: visitors can ask for a person.' : 'Off: the assistant answers every conversation.'}</span>
      </div>

      <fieldset className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-700" aria-describedby={`${ids.hours}${errors.hours ? ` ${ids.hoursError}` : ''}`}>
        <legend className="font-semibold">Office hours</legend>
        <p id={ids.hours} className="text-sm text-slate-700 dark:text-slate-300">
          Times are in the school&apos;s time zone ({saved.time_zone}).{' '}
          {anyOpen ? 'Outside these hours visitors get the contact form.' : 'No day is open: live chat is offered whenever someone is available.'}
        </p>
        <FieldError id={ids.hoursError} text={errors.hours} />
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {WEEKDAYS.map((name, day) => (
            <DayRow key={name} name={name} day={draft.days[day]!} errors={errors.days[day]} onChange={(change) => setDay(day, change)} />
          ))}
        </ul>
      </fieldset>

      <div className="grid gap-5 border-t border-slate-200 pt-5 sm:grid-cols-2 dark:border-slate-700">
        <div>
          <label htmlFor={ids.wait} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Visitor waits before the contact form (minutes)
          </label>
          <input
            id={ids.wait}
            type="number"
            inputMode="numeric"
            min={1}
            max={WAIT_MINUTES_MAX}
            step={1}
            value={draft.wait}
            onChange={(e) => setDraft((d) => ({ ...d, wait: e.target.value }))}
            aria-invalid={errors.wait ? true : undefined}
            aria-describedby={`${ids.waitHint}${errors.wait ? ` ${ids.waitError}` : ''}`}
            className={`${inputClass} max-w-32`}
          />
          <p id={ids.waitHint} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            From 1 to {WAIT_MINUTES_MAX}. If nobody joins in this time, the visitor can leave their details instead.
          </p>
          <FieldError id={ids.waitError} text={errors.wait} />
        </div>
        <div>
          <label htmlFor={ids.email} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Notify by e-mail when a wait runs out
          </label>
          <input
            id={ids.email}
            type="email"
            autoComplete="email"
            maxLength={254}
            placeholder="The school's admissions contact"
            value={draft.email}
            onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={`${ids.emailHint}${errors.email ? ` ${ids.emailError}` : ''}`}
            className={inputClass}
          />
          <p id={ids.emailHint} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Leave empty to tell the school&apos;s admissions contact.
          </p>
          <FieldError id={ids.emailError} text={errors.email} />
        </div>
      </div>

      {errors.general && <Banner tone="error">{errors.general}</Banner>}
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-5 dark:border-slate-700">
        <p role="status" aria-live="polite" className={`text-sm ${message?.tone === 'error' ? 'font-medium text-red-700 dark:text-red-400' : 'text-emerald-800 dark:text-emerald-300'}`}>
          {message?.text}
        </p>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function DayRow({ name, day, errors, onChange }: { name: string; day: Day; errors?: string[]; onChange: (change: Partial<Day>) => void }) {
  const ids = { open: useId(), start: useId(), end: useId(), error: useId() };
  const invalid = errors?.length ? true : undefined;
  const described = invalid ? ids.error : undefined;
  // One time box each for the span's start and end.
  const timeInput = (which: 'start' | 'end') => (
    <>
      <label htmlFor={ids[which]} className="sr-only">
        {name} {which}
      </label>
      <input
        id={ids[which]}
        type="time"
        value={day[which]}
        disabled={!day.open}
        onChange={(e) => onChange({ [which]: e.target.value })}
        aria-invalid={invalid}
        aria-describedby={described}
        className={`${timeClass} disabled:opacity-60`}
      />
    </>
  );
  return (
    <li className="grid items-center gap-3 px-3 py-2 text-sm sm:grid-cols-[8rem_6rem_1fr]">
      <span className="font-medium" aria-hidden="true">
        {name}
      </span>
      <label className="flex items-center gap-2">
        <input type="checkbox" id={ids.open} checked={day.open} onChange={(e) => onChange({ open: e.target.checked })} className="h-4 w-4 accent-brand-700" />
        Open<span className="sr-only"> on {name}</span>
      </label>
      <div className="flex flex-wrap items-center gap-2">
        {timeInput('start')}
        <span aria-hidden="true">to</span>
        {timeInput('end')}
        {day.open && day.extra.length > 0 && (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            and {day.extra.map((s) => `${s.start}–${s.end}`).join(', ')}
          </span>
        )}
      </div>
      {errors?.length ? (
        <p id={ids.error} className="text-sm font-medium text-red-700 sm:col-span-3 dark:text-red-400">
          {errors.join(' ')}
        </p>
      ) : null}
    </li>
  );
}
