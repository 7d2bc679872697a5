'use client';

import { useState, type FormEvent } from 'react';
import { getVocabularyAction, saveVocabularyAction } from '@/app/actions/assistant';
import { MessageBanners } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { callAction } from '@/lib/web/api';
import { useSettings } from './use-settings';

type Vocabulary = { groups: string[][]; built_in: string[][] };

/** One group per line, its words or phrases separated by commas. */
const toText = (groups: string[][]) => groups.map((g) => g.join(', ')).join('\n');
const fromText = (text: string) =>
  text
    .split('\n')
    .map((line) => line.split(',').map((w) => w.trim()).filter(Boolean))
    .filter((g) => g.length > 0);

/**
 * The school's own words for things: groups of words or phrases that mean the same,
 * added to the built-in admissions vocabulary the assistant matches visitors' questions with.
 */
export function VocabularyPanel() {
  const s = useSettings<Vocabulary>('vocabulary', getVocabularyAction, { groups: [], built_in: [] }, 'Failed to load the vocabulary');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const res = await callAction(() => saveVocabularyAction({ body: { groups: fromText(draft) } }), 'Failed to save the vocabulary');
    setSaving(false);
    if (!res.ok) return s.setError(res.error);
    s.setValue(res.data);
    setEditing(false);
    s.setSuccess('Vocabulary saved: the assistant uses it from the next message');
  }

  if (s.loading) return <p role="status">Loading vocabulary...</p>;
  const dismiss = () => (s.setError(null), s.setSuccess(null));
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Visitors do not always use your words: they ask about “dorms” when your pages say “residence halls”. Add groups of words or phrases that mean the same thing at your
        school (your dining hall’s name, a shuttle’s nickname), and the assistant will match them in questions and in your knowledge.
      </p>
      <MessageBanners error={s.error} success={s.success} onDismissError={dismiss} onDismissSuccess={dismiss} />
      {editing ? (
        <form onSubmit={submit} className="space-y-3" aria-label="Vocabulary">
          <TextArea
            label="Your school's word groups"
            rows={8}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={'the Commons, dining hall, cafeteria\nHeron Shuttle, campus bus'}
            aria-describedby="vocabulary-help"
          />
          <p id="vocabulary-help" className="text-sm text-slate-600 dark:text-slate-400">
            One group per line; separate its words or phrases with commas. Each group needs at least two.
          </p>
          <div className="flex gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={() => (setEditing(false), dismiss())} disabled={saving}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="space-y-3">
          {s.value.groups.length ? (
            <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="Your school's word groups">
              {s.value.groups.map((g) => (
                <li key={g.join('|')}>{g.join(' · ')}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">No word groups of your own yet: the built-in admissions vocabulary applies.</p>
          )}
          <Button
            onClick={() => {
              setDraft(toText(s.value.groups));
              setEditing(true);
              dismiss();
            }}
          >
            Edit
          </Button>
        </div>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-800 dark:text-slate-200">Built-in admissions vocabulary ({s.value.built_in.length} groups)</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
          {s.value.built_in.map((g) => (
            <li key={g.join('|')}>{g.join(' · ')}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
