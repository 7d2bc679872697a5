'use client';

import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  availableVoicesAction,
  getPersonaAction,
  getPersonalityAction,
  getVoiceAction,
  previewVoiceAction,
  savePersonaAction,
  savePersonalityAction,
  saveVoiceAction,
  uploadAvatarAction,
} from '@/app/actions/assistant';
import { Banner, MessageBanners } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { inputClass, TextArea, TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { SelectField } from '@/components/ui/select';
import { DEFAULT_PREVIEW_TEXT, FORMALITIES, HUMOR_LEVELS, LEVELS, PERSONALITY_DEFAULTS, RESPONSE_STYLES, TONES, TRAITS, VOICE_DEFAULTS, type PersonalityInput } from '@/lib/assistant/schema';
import type { ActionResult, ErrorCode } from '@/lib/http/action-result';
import { callAction } from '@/lib/web/api';
import { useSettings } from './use-settings';
import { IMAGE_TYPES } from '@/lib/storage/image-type';


const words = (v: string) => v.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Read-only view with Edit; form with Cancel (reverts) and Save. */
function Panel({ loading, notSet, what, error, success, onDismiss, editing, view, form }: { loading: boolean; notSet: boolean; what: string; error: string | null; success: string | null; onDismiss: () => void; editing: boolean; view: ReactNode; form: ReactNode }) {
  if (loading) return <p role="status">Loading {what} settings...</p>;
  return (
    <div className="space-y-4">
      {notSet && !editing && <Banner tone="info">{words(what)} settings are not set up yet; the defaults below apply until you save your own.</Banner>}
      <MessageBanners error={error} success={success} onDismissError={onDismiss} onDismissSuccess={onDismiss} />
      {editing ? form : view}
    </div>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {items.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-slate-700 dark:text-slate-300">{k}</dt>
          <dd className="min-w-0 break-words">{v || <span className="text-slate-500">Not set</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

async function save<T>(action: () => Promise<ActionResult<T>>, failure: string): Promise<{ data?: T; error?: string; code?: ErrorCode }> {
  const res = await callAction(action, failure);
  if (res.ok) return { data: res.data };
  return { error: res.error || failure, code: res.code };
}

// Persona -----------------------------------------------------------------------------------------

type Persona = { ai_name: string; role_description: string; avatar_url: string | null };

export function PersonaPanel() {
  const s = useSettings<Persona>('persona', getPersonaAction, { ai_name: 'Admissions Assistant', role_description: '', avatar_url: null }, 'Failed to load persona settings');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Persona>(s.value);
  const [preview, setPreview] = useState<string | null>(null);
  // Save waits for an avatar upload under way: saving before it lands would keep the old avatar.
  const [uploading, setUploading] = useState(false);
  const { success, setSuccess } = s;
  const file = useRef<HTMLInputElement>(null);

  async function pickAvatar(f: File | null) {
    if (!f) return;
    const before = draft.avatar_url;
    setPreview(URL.createObjectURL(f));
    const form = new FormData();
    form.append('file', f);
    setUploading(true);
    const out = await save(() => uploadAvatarAction(form), 'Failed to upload avatar image');
    setUploading(false);
    if (out.error) {
      // The preview goes back to the avatar that was there.
      setPreview(null);
      setDraft((d) => ({ ...d, avatar_url: before }));
      // The server's own words say what is wrong with the image, or why it cannot be stored now
      // (upload storage full, database busy); anything else gets the general text.
      s.setError(out.code === 'validation' ? out.error : out.code === 'unavailable' ? `Failed to upload avatar image. ${out.error}` : 'Failed to upload avatar image');
      if (file.current) file.current.value = '';
      return;
    }
    setDraft((d) => ({ ...d, avatar_url: out.data!.avatar_url }));
    // A good image replaces the complaint about the bad one.
    s.setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    const out = await save(() => savePersonaAction({ body: draft }), 'Failed to save persona settings');
    if (out.error) return s.setError(out.error);
    s.setValue(out.data!);
    setEditing(false);
    setPreview(null);
    setSuccess('Persona settings saved successfully');
  }

  const avatar = (url: string | null) =>
    url ? (
      // eslint-disable-next-line @next/next/no-img-element
      <img src={url} alt="Assistant avatar" className="h-20 w-20 rounded-full border border-slate-200 object-cover" />
    ) : (
      <span className="flex h-20 w-20 items-center justify-center rounded-full border border-dashed border-slate-300 text-xs text-slate-600">No avatar</span>
    );

  return (
    <Panel
      loading={s.loading}
      notSet={s.notSet}
      what="persona"
      error={s.error}
      success={success}
      onDismiss={() => {
        s.setError(null);
        setSuccess(null);
      }}
      editing={editing}
      view={
        <div className="space-y-4">
          <div className="flex items-center gap-4">
            {avatar(s.value.avatar_url)}
            <Facts items={[['Name', s.value.ai_name], ['Role', s.value.role_description]]} />
          </div>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(s.value);
              setSuccess(null);
              setEditing(true);
            }}
          >
            Edit
          </Button>
        </div>
      }
      form={
        <form onSubmit={submit} className="space-y-4" noValidate aria-label="Persona">
          <div className="flex items-center gap-4">
            {avatar(preview ?? draft.avatar_url)}
            <div>
              <label htmlFor="avatar-file" className="block text-sm font-medium">
                Avatar image
              </label>
              <input id="avatar-file" ref={file} type="file" accept={IMAGE_TYPES.join(',')} className="mt-1 text-sm" onChange={(e) => void pickAvatar(e.target.files?.[0] ?? null)} />
              <p className="text-xs text-slate-600 dark:text-slate-400">JPEG, PNG, GIF or WebP, up to 5 MB.</p>
            </div>
          </div>
          <TextField label="Assistant name" required maxLength={50} value={draft.ai_name} onChange={(e) => setDraft((d) => ({ ...d, ai_name: e.target.value }))} />
          <div>
            <TextArea label="Role description" rows={4} maxLength={500} value={draft.role_description} onChange={(e) => setDraft((d) => ({ ...d, role_description: e.target.value }))} />
            <p className="mt-1 text-right text-xs text-slate-600 dark:text-slate-400">{draft.role_description.length}/500</p>
          </div>
          <FormFooter
            label="Save"
            busy={uploading}
            busyLabel="Uploading avatar..."
            onCancel={() => {
              setDraft(s.value);
              setPreview(null);
              setEditing(false);
            }}
          />
        </form>
      }
    />
  );
}

// Voice -------------------------------------------------------------------------------------------

type Voice = { voice_id: string; voice_name: string; stability: number; similarity_boost: number; style: number; use_speaker_boost: boolean; preview_text?: string | null };
type AvailableVoice = { voice_id: string; name: string; description: string; gender: string; accent: string; use_case: string };

function Slider({ label, value, onChange }: { label: string; value: number; onChange: (v: number) => void }) {
  return (
    <label className="block text-sm font-medium">
      {label}: {value.toFixed(1)}
      <input type="range" min={0} max={1} step={0.1} value={value} onChange={(e) => onChange(Math.round(Number(e.target.value) * 10) / 10)} className="mt-1 block w-full accent-brand-700" />
    </label>
  );
}

export function VoicePanel() {
  const s = useSettings<Voice>('voice', getVoiceAction, { ...VOICE_DEFAULTS, preview_text: null }, 'Failed to load voice settings');
  const voices = useSettings<{ voices: AvailableVoice[]; source: string }>('available-voices', availableVoicesAction, { voices: [], source: '' }, 'Failed to load available voices');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Voice>(s.value);
  const { success, setSuccess } = s;
  const [audio, setAudio] = useState<{ url?: string; note?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function generatePreview() {
    if (!draft.voice_id) return s.setError('Please select a voice first');
    setBusy(true);
    const out = await save(() => previewVoiceAction({ body: { voice_id: draft.voice_id, text: draft.preview_text ?? '' } }), 'Failed to generate voice preview');
    setBusy(false);
    if (out.error) return s.setError('Failed to generate voice preview');
    const data = out.data as { audio_url?: string; message?: string };
    if (data.message) return setAudio({ note: data.message });
    const url = new URL(data.audio_url!, window.location.origin).toString();
    setAudio({ url });
    new Audio(url).play().catch(() => setAudio({ url, note: 'Your browser blocked playback; use the player or download the sample below.' }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const out = await save(() => saveVoiceAction({ body: draft }), 'Failed to save voice settings');
    if (out.error) return s.setError(out.error);
    s.setValue(out.data!);
    setEditing(false);
    setSuccess('Voice settings saved successfully');
  }

  return (
    <Panel
      loading={s.loading}
      notSet={s.notSet}
      what="voice"
      error={s.error ?? voices.error}
      success={success}
      onDismiss={() => {
        s.setError(null);
        setSuccess(null);
      }}
      editing={editing}
      view={
        <div className="space-y-4">
          <Facts
            items={[
              ['Voice', s.value.voice_name || s.value.voice_id],
              ['Stability', s.value.stability.toFixed(1)],
              ['Similarity', s.value.similarity_boost.toFixed(1)],
              ['Style', s.value.style.toFixed(1)],
              ['Speaker boost', s.value.use_speaker_boost ? 'On' : 'Off'],
            ]}
          />
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(s.value);
              setSuccess(null);
              setEditing(true);
            }}
          >
            Edit
          </Button>
        </div>
      }
      form={
        <form onSubmit={submit} className="space-y-4" noValidate aria-label="Voice">
          <SelectField
            label="Voice"
            value={draft.voice_id}
            onChange={(e) => {
              const v = voices.value.voices.find((x) => x.voice_id === e.target.value);
              setDraft((d) => ({ ...d, voice_id: e.target.value, voice_name: v?.name ?? '' }));
            }}
          >
            <option value="">Choose a voice</option>
            {voices.value.voices.map((v) => (
              <option key={v.voice_id} value={v.voice_id}>
                {v.name} ({[v.gender, v.accent, v.description].filter(Boolean).join(', ')})
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-3">
            <Slider label="Stability" value={draft.stability} onChange={(v) => setDraft((d) => ({ ...d, stability: v }))} />
            <Slider label="Similarity" value={draft.similarity_boost} onChange={(v) => setDraft((d) => ({ ...d, similarity_boost: v }))} />
            <Slider label="Style" value={draft.style} onChange={(v) => setDraft((d) => ({ ...d, style: v }))} />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={draft.use_speaker_boost} onChange={(e) => setDraft((d) => ({ ...d, use_speaker_boost: e.target.checked }))} />
            Speaker boost
          </label>
          <div>
            <label htmlFor="preview-text" className="block text-sm font-medium">
              Preview text
            </label>
            <input id="preview-text" className={inputClass} placeholder={DEFAULT_PREVIEW_TEXT} value={draft.preview_text ?? ''} onChange={(e) => setDraft((d) => ({ ...d, preview_text: e.target.value }))} />
            <Button variant="secondary" className="mt-2" disabled={busy} onClick={() => void generatePreview()}>
              {busy ? 'Generating...' : 'Generate Preview'}
            </Button>
            {audio?.url && (
              <p className="mt-2 text-sm">
                <audio controls src={audio.url} className="w-full" />
                <a className="text-brand-800 underline dark:text-brand-300" href={audio.url} download="voice-preview.mp3">
                  Download the sample
                </a>
              </p>
            )}
            {audio?.note && <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{audio.note}</p>}
          </div>
          <FormFooter
            label="Save"
            onCancel={() => {
              setDraft(s.value);
              setEditing(false);
            }}
          />
        </form>
      }
    />
  );
}

// Personality -------------------------------------------------------------------------------------

type Personality = PersonalityInput;

function LevelSlider({ label, levels, value, onChange }: { label: string; levels: readonly string[]; value: string; onChange: (v: string) => void }) {
  const index = Math.max(0, levels.indexOf(value));
  return (
    <label className="block text-sm font-medium">
      {label}: {words(value)}
      <input type="range" min={1} max={5} step={1} value={index + 1} onChange={(e) => onChange(levels[Number(e.target.value) - 1]!)} className="mt-1 block w-full accent-brand-700" aria-valuetext={words(value)} />
    </label>
  );
}

export function PersonalityPanel() {
  const s = useSettings<Personality>('personality', getPersonalityAction, { ...PERSONALITY_DEFAULTS, personality_traits: [] }, 'Failed to load personality settings');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Personality>(s.value);
  const { success, setSuccess } = s;
  const set = (k: keyof Personality) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const out = await save(() => savePersonalityAction({ body: draft }), 'Failed to save personality settings');
    if (out.error) return s.setError(out.error);
    s.setValue(out.data!);
    setEditing(false);
    setSuccess('Personality settings saved successfully');
  }

  const v = s.value;
  return (
    <Panel
      loading={s.loading}
      notSet={s.notSet}
      what="personality"
      error={s.error}
      success={success}
      onDismiss={() => {
        s.setError(null);
        setSuccess(null);
      }}
      editing={editing}
      view={
        <div className="space-y-4">
          <Facts
            items={[
              ['Tone', words(v.tone)],
              ['Formality', words(v.formality)],
              ['Response style', words(v.response_style)],
              ['Enthusiasm', words(v.enthusiasm)],
              ['Empathy', words(v.empathy_level)],
              ['Humor', words(v.humor_level)],
              ['Traits', v.personality_traits.join(', ')],
              ['Custom instructions', v.custom_instructions],
            ]}
          />
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(v);
              setSuccess(null);
              setEditing(true);
            }}
          >
            Edit
          </Button>
        </div>
      }
      form={
        <form onSubmit={submit} className="space-y-4" noValidate aria-label="Personality">
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField label="Tone" value={draft.tone} onChange={(e) => set('tone')(e.target.value)}>
              {TONES.map((t) => <option key={t} value={t}>{words(t)}</option>)}
            </SelectField>
            <SelectField label="Formality" value={draft.formality} onChange={(e) => set('formality')(e.target.value)}>
              {FORMALITIES.map((t) => <option key={t} value={t}>{words(t)}</option>)}
            </SelectField>
            <SelectField label="Response style" value={draft.response_style} onChange={(e) => set('response_style')(e.target.value)}>
              {RESPONSE_STYLES.map((t) => <option key={t} value={t}>{words(t)}</option>)}
            </SelectField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <LevelSlider label="Enthusiasm" levels={LEVELS} value={draft.enthusiasm} onChange={set('enthusiasm')} />
            <LevelSlider label="Empathy" levels={LEVELS} value={draft.empathy_level} onChange={set('empathy_level')} />
            <LevelSlider label="Humor" levels={HUMOR_LEVELS} value={draft.humor_level} onChange={set('humor_level')} />
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Personality traits</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {TRAITS.map((t) => {
                const on = draft.personality_traits.includes(t);
                return (
                  <button
                    key={t}
                    type="button"
                    aria-pressed={on}
                    onClick={() => setDraft((d) => ({ ...d, personality_traits: on ? d.personality_traits.filter((x) => x !== t) : [...d.personality_traits, t] }))}
                    className={`rounded-full border px-3 py-1 text-sm ${on ? 'border-brand-700 bg-brand-100 text-brand-900' : 'border-slate-300 dark:border-slate-600'}`}
                  >
                    {t}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <TextArea label="Custom instructions" rows={3} value={draft.custom_instructions} onChange={(e) => set('custom_instructions')(e.target.value)} />
          <FormFooter
            label="Save"
            onCancel={() => {
              setDraft(v);
              setEditing(false);
            }}
          />
        </form>
      }
    />
  );
}
