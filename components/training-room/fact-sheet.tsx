'use client';

import { useState, type FormEvent } from 'react';
import { getFactSheetAction, saveFactSheetAction } from '@/app/actions/school';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { inputClass, TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { splitItems, type FactSheetView } from '@/lib/schools/schema';
import { callAction, failureText } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';

const EMPTY: FactSheetView = { programs: [], athletic_teams: [], student_clubs: [], important_deadlines: [] };
const SET_UP_FIRST = 'Please set up your school information first.';
type ListKey = 'programs' | 'athletic_teams' | 'student_clubs';
const LISTS: { key: ListKey; label: string }[] = [
  { key: 'programs', label: 'Programs' },
  { key: 'athletic_teams', label: 'Athletic teams' },
  { key: 'student_clubs', label: 'Student clubs' },
];

/** A list with an 'add' box: entries are split on commas, trimmed, and empty ones dropped. */
function ItemListEditor({ label, items, onChange }: { label: string; items: string[]; onChange: (items: string[]) => void }) {
  const [entry, setEntry] = useState('');
  const add = () => {
    const next = splitItems([...items, entry]);
    onChange(next);
    setEntry('');
  };
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">{label}</legend>
      <ul className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm dark:bg-slate-800">
            {item}
            <button type="button" className="rounded-full px-2 text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-700" aria-label={`Remove ${item}`} onClick={() => onChange(items.filter((i) => i !== item))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex gap-2">
        <input
          aria-label={`Add ${label.toLowerCase()}`}
          className={`${inputClass} mt-0`}
          placeholder="Separate several with commas"
          value={entry}
          onChange={(e) => setEntry(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
    </fieldset>
  );
}

const isEmpty = (f: FactSheetView) => f.programs.length + f.athletic_teams.length + f.student_clubs.length + f.important_deadlines.length === 0;

/** The Fact Sheet. */
export function FactSheet() {
  const sheet = useScreenData('fact-sheet', getFactSheetAction);
  if (sheet.loading) return <p role="status">Loading fact sheet...</p>;
  // The server's no-school text already asks for the school to be set up.
  const loadError = sheet.failure ? (sheet.failure.code === 'no_school' ? sheet.failure.error : 'Failed to load fact sheet data') : null;
  return <FactSheetEditor initial={sheet.data ?? EMPTY} loadError={loadError} onSaved={sheet.setData} />;
}

function FactSheetEditor({ initial, loadError, onSaved }: { initial: FactSheetView; loadError: string | null; onSaved: (sheet: FactSheetView) => void }) {
  const [saved, setSaved] = useState<FactSheetView>(initial);
  const [draft, setDraft] = useState<FactSheetView>(initial);
  // Nothing entered yet (or nothing could be read): start in edit mode.
  const [editing, setEditing] = useState(loadError !== null || isEmpty(initial));
  const [error, setError] = useState<string | null>(loadError);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const incomplete = draft.important_deadlines.findIndex((d) => !d.name.trim() || !d.date);
    if (incomplete >= 0) return setError(`Deadline ${incomplete + 1} needs a name and a date`);
    setBusy(true);
    setError(null);
    const res = await callAction(() => saveFactSheetAction({ body: draft }));
    setBusy(false);
    if (!res.ok) return setError(failureText(res, { no_school: SET_UP_FIRST }, 'Failed to save fact sheet'));
    setSaved(res.data);
    setDraft(res.data);
    onSaved(res.data);
    setEditing(false);
    setSuccess('Fact sheet saved successfully!');
  }


  return (
    <div className="space-y-4">
      {error && <Banner tone="error">{error}</Banner>}
      {success && (
        <Banner tone="success" onDismiss={() => setSuccess(null)}>
          {success}
        </Banner>
      )}
      {editing ? (
        <form onSubmit={save} className="space-y-6" noValidate>
          {LISTS.map(({ key, label }) => (
            <ItemListEditor key={key} label={label} items={draft[key]} onChange={(items) => setDraft((d) => ({ ...d, [key]: items }))} />
          ))}
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900 dark:text-white">Important deadlines</legend>
            {draft.important_deadlines.map((d, i) => (
              <div key={i} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_10rem_1fr_auto] sm:items-end dark:border-slate-700">
                <TextField label={`Deadline ${i + 1} name`} required value={d.name} onChange={(e) => setDraft((f) => ({ ...f, important_deadlines: f.important_deadlines.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) }))} />
                <TextField label={`Deadline ${i + 1} date`} type="date" required value={d.date} onChange={(e) => setDraft((f) => ({ ...f, important_deadlines: f.important_deadlines.map((x, j) => (j === i ? { ...x, date: e.target.value } : x)) }))} />
                <TextField
                  label={`Deadline ${i + 1} description`}
                  value={d.description ?? ''}
                  onChange={(e) => setDraft((f) => ({ ...f, important_deadlines: f.important_deadlines.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)) }))}
                />
                <Button variant="secondary" onClick={() => setDraft((f) => ({ ...f, important_deadlines: f.important_deadlines.filter((_, j) => j !== i) }))}>
                  Remove
                </Button>
              </div>
            ))}
            <Button variant="secondary" onClick={() => setDraft((f) => ({ ...f, important_deadlines: [...f.important_deadlines, { name: '', date: '', description: null }] }))}>
              Add deadline
            </Button>
          </fieldset>
          <FormFooter
            label="Save Fact Sheet"
            busyLabel="Saving..."
            busy={busy}
            onCancel={() => {
              setDraft(saved);
              setError(null);
              setEditing(false);
            }}
          />
        </form>
      ) : (
        <div className="space-y-5">
          {LISTS.map(({ key, label }) => (
            <section key={key}>
              <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{label}</h3>
              {saved[key].length ? (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {saved[key].map((item) => (
                    <li key={item} className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800">
                      {item}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">None listed.</p>
              )}
            </section>
          ))}
          <section>
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Important deadlines</h3>
            {saved.important_deadlines.length ? (
              <ul className="mt-2 space-y-1 text-sm">
                {[...saved.important_deadlines]
                  .sort((a, b) => a.date.localeCompare(b.date))
                  .map((d) => (
                    <li key={`${d.name}-${d.date}`}>
                      <span className="font-medium">{d.name}</span>: {new Date(`${d.date}T00:00:00`).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })}
                      {d.description && <span className="text-slate-700 dark:text-slate-300"> — {d.description}</span>}
                    </li>
                  ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">None listed.</p>
            )}
          </section>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
        </div>
      )}
    </div>
  );
}
