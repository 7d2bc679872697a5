'use client';

import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { saveWidgetStylingAction, widgetStylingAction } from '@/app/actions/chatbot';
import { Banner, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass, TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { SelectField } from '@/components/ui/select';
import { callAction } from '@/lib/web/api';
import { contrastRatio, MINIMUM_CONTRAST, RECOMMENDED_CONTRAST } from '@/lib/widget/contrast';
import { LANGUAGE_NAMES, LANGUAGES } from '@/lib/widget/language';
import { useScreenData } from '@/lib/web/screen-data';
import {
  ANIMATION_INTERVALS,
  ANIMATION_ONCE,
  BUTTON_ANIMATIONS,
  BUTTON_ICONS,
  FONT_CHOICES,
  ICON_INVALID,
  ICON_MAX_BYTES,
  ICON_TOO_LARGE,
  PROMPT_DELAYS,
  PROMPT_DURATIONS,
  PROMPT_MESSAGE_MAX,
  PROMPT_REPEATS,
  STYLING_SAVE_FAILED,
  STYLING_SAVED,
  stylingSchema,
  type WidgetStyling,
} from '@/lib/widget/styling';
import { WidgetPreview } from './widget-preview';

// Every styling field, grouped the way a person styles a widget, with a
// live preview drawn by the widget's own code from the unsaved values.

const DEFAULTS: WidgetStyling = stylingSchema.parse({});
const HEX = /^#[0-9a-fA-F]{6}$/;
const ICON_TYPES = ['image/png', 'image/jpeg'];
const MESSAGE_MS = 3000;

const ICON_NAMES: Record<(typeof BUTTON_ICONS)[number], string> = {
  'chat-bubble': 'Chat bubble',
  message: 'Message',
  question: 'Question mark',
  help: 'Help (life ring)',
  robot: 'Robot',
  support: 'Support (headset)',
  info: 'Info',
  sparkles: 'Sparkles',
  graduation: 'Graduation cap',
  school: 'School',
  custom: 'Custom image',
};
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const seconds = (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'}`;
const intervalName = (n: number) => (n === 0 ? 'Continuous' : n === ANIMATION_ONCE ? 'Once' : seconds(n));

/** A warning when a text colour is hard to read on its background (below WCAG AA's 4.5:1). */
function ContrastNote({ what, text, background }: { what: string; text: string; background: string }) {
  const ratio = contrastRatio(text, background);
  if (ratio >= RECOMMENDED_CONTRAST) return null;
  const replaced = ratio < MINIMUM_CONTRAST;
  return (
    <p role="status" className="text-xs text-amber-900 sm:col-span-2 dark:text-amber-200">
      {what}: contrast {ratio.toFixed(2)}:1. Some visitors may find it hard to read; 4.5:1 or more is recommended.
      {replaced ? ' Below 3:1 the widget shows this text in black or white instead.' : ''}
    </p>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-base font-semibold text-slate-900 dark:text-white">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** A colour picker with the hex text beside it; the text is applied once it is a whole #rrggbb. */
function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? value;
  const bad = text !== null && !HEX.test(text);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input type="color" aria-label={`${label} picker`} value={value} onChange={(e) => {
            setText(null);
            onChange(e.target.value.toLowerCase());
          }} className="h-9 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5 dark:border-slate-600" />
        <input
          id={id}
          value={shown}
          maxLength={7}
          spellCheck={false}
          aria-invalid={bad || undefined}
          aria-describedby={bad ? `${id}-err` : undefined}
          onChange={(e) => {
            const v = e.target.value.trim();
            setText(v);
            if (HEX.test(v)) onChange(v.toLowerCase());
          }}
          onBlur={() => setText(null)}
          className={`${inputClass} mt-0 font-mono`}
        />
      </div>
      {bad && (
        <p id={`${id}-err`} className="mt-1 text-xs text-red-800 dark:text-red-300">
          Use a colour like #007bff
        </p>
      )}
    </div>
  );
}

function FontField({ label, value, onChange }: { label: string; value: string; onChange: (v: WidgetStyling['headerFontFamily']) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value as WidgetStyling['headerFontFamily'])}>
      {FONT_CHOICES.map((f) => (
        <option key={f} value={f}>
          {f === 'inherit' ? "Inherit (the website's font)" : f}
        </option>
      ))}
    </SelectField>
  );
}

function Choice<T extends string | number>({ label, value, options, name, onChange }: { label: string; value: T; options: readonly T[]; name?: (v: T) => string; onChange: (v: T) => void }) {
  return (
    <SelectField label={label} value={String(value)} onChange={(e) => onChange(options.find((o) => String(o) === e.target.value) as T)}>
      {options.map((o) => (
        <option key={String(o)} value={String(o)}>
          {name ? name(o) : capital(String(o))}
        </option>
      ))}
    </SelectField>
  );
}

export function StylingPanel() {
  const { error, success, setError, setSuccess } = useMessages();
  const loaded = useScreenData<WidgetStyling>('widget-styling', widgetStylingAction);
  const [draft, setDraft] = useState<WidgetStyling | null>(null);
  const [icon, setIcon] = useState<File | null>(null);
  const [iconUrl, setIconUrl] = useState<string | null>(null);
  const [iconError, setIconError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  // Where the last save's message shows: beside the button that caused it.
  const [messageAt, setMessageAt] = useState<'reset' | 'save'>('save');
  const value = draft ?? loaded.data ?? null;

  // Both messages clear after 3 seconds.
  useEffect(() => {
    if (!success && !error) return;
    const t = setTimeout(() => {
      setSuccess(null);
      setError(null);
    }, MESSAGE_MS);
    return () => clearTimeout(t);
  }, [success, error, setSuccess, setError]);
  useEffect(() => () => void (iconUrl && URL.revokeObjectURL(iconUrl)), [iconUrl]);

  // The preview shows a chosen icon before it is uploaded.
  const previewStyling = useMemo(() => (value && icon && iconUrl && value.buttonIcon === 'custom' ? { ...value, customIconUrl: iconUrl } : value), [value, icon, iconUrl]);

  if (loaded.loading && !value) return <p className="text-sm text-slate-700 dark:text-slate-300">Loading styling settings…</p>;
  if (!value || !previewStyling) {
    return (
      <div className="space-y-3">
        <Banner tone="error">Failed to load styling settings.</Banner>
        <Button variant="secondary" onClick={() => void loaded.reload()}>
          Try again
        </Button>
      </div>
    );
  }

  const set = <K extends keyof WidgetStyling>(field: K, v: WidgetStyling[K]) => setDraft({ ...value, [field]: v });
  const color = (field: keyof WidgetStyling, label: string) => <ColorField key={field} label={label} value={String(value[field])} onChange={(v) => set(field, v as never)} />;
  const font = (field: keyof WidgetStyling, label: string) => <FontField key={field} label={label} value={String(value[field])} onChange={(v) => set(field, v as never)} />;

  const chooseIcon = (file: File | undefined) => {
    setIconError(null);
    if (!file) return;
    if (file.size > ICON_MAX_BYTES) return setIconError(ICON_TOO_LARGE);
    if (!ICON_TYPES.includes(file.type)) return setIconError(ICON_INVALID);
    setIcon(file);
    setIconUrl(URL.createObjectURL(file));
  };

  const save = async (styling: WidgetStyling, withIcon: File | null, from: 'reset' | 'save') => {
    setMessageAt(from);
    setSaving(true);
    const form = new FormData();
    const { customIconUrl, ...fields } = styling;
    form.append('styling', JSON.stringify(withIcon ? fields : { ...fields, customIconUrl }));
    if (withIcon) form.append('icon', withIcon);
    const res = await callAction(() => saveWidgetStylingAction(form));
    setSaving(false);
    if (res.ok) {
      loaded.setData(res.data);
      setDraft(null);
      setIcon(null);
      setIconUrl(null);
      setSuccess(STYLING_SAVED);
    } else {
      // A store that cannot take the icon now (upload storage full, database busy) says why.
      setError(res.code === 'unavailable' && res.error && res.error !== 'An error occurred' ? `${STYLING_SAVE_FAILED} ${res.error}` : STYLING_SAVE_FAILED);
    }
  };

  const promptLength = value.promptMessage.length;
  const messages = (
    <>
      {error && <Banner tone="error">{error}</Banner>}
      {success && <Banner tone="success">{success}</Banner>}
    </>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Widget Styling</h2>
        <Button variant="secondary" onClick={() => setConfirmReset(true)}>
          Reset to defaults
        </Button>
      </div>
      {messageAt === 'reset' && messages}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <form
          className="space-y-5"
          aria-label="Widget styling"
          onSubmit={(e) => {
            e.preventDefault();
            void save(value, value.buttonIcon === 'custom' ? icon : null, 'save');
          }}
        >
          <Group title="Launcher button">
            <Choice label="Icon" value={value.buttonIcon} options={BUTTON_ICONS} name={(v) => ICON_NAMES[v]} onChange={(v) => set('buttonIcon', v)} />
            {value.buttonIcon === 'custom' && (
              <div>
                <TextField label="Custom icon" type="file" accept="image/png,image/jpeg" hint="PNG, JPG" onChange={(e) => chooseIcon(e.target.files?.[0])} />
                {iconError && (
                  <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
                    {iconError}
                  </p>
                )}
              </div>
            )}
            <Choice label="Position" value={value.buttonPosition} options={['bottom-right', 'bottom-left'] as const} name={(v) => (v === 'bottom-right' ? 'Bottom right' : 'Bottom left')} onChange={(v) => set('buttonPosition', v)} />
            <Choice label="Size" value={value.buttonSize} options={['small', 'medium', 'large'] as const} onChange={(v) => set('buttonSize', v)} />
            <Choice label="Shape" value={value.borderRadius} options={['square', 'rounded', 'circle'] as const} onChange={(v) => set('borderRadius', v)} />
            {color('primaryColor', 'Primary colour (button, chat header, Send)')}
            {color('textColor', 'Icon colour')}
            {color('secondaryColor', 'Secondary colour')}
            <ContrastNote what="Send button text on the primary colour" text={value.buttonTextColor} background={value.primaryColor} />
          </Group>

          <Group title="Button label">
            <TextField label="Label text" value={value.buttonTextContent} maxLength={40} hint="Shown beside the button; leave empty for none." onChange={(e) => set('buttonTextContent', e.target.value)} />
            {font('buttonTextLabelFontFamily', 'Label font')}
            <Choice label="Label font size" value={value.buttonTextLabelFontSize} options={['12px', '14px', '16px', '18px'] as const} name={(v) => v} onChange={(v) => set('buttonTextLabelFontSize', v)} />
            {color('buttonTextLabelColor', 'Label text colour')}
            {color('buttonTextLabelBgColor', 'Label background colour')}
            <ContrastNote what="Label text on its background" text={value.buttonTextLabelColor} background={value.buttonTextLabelBgColor} />
          </Group>

          <Group title="Animation">
            <Choice label="Animation" value={value.buttonAnimation} options={BUTTON_ANIMATIONS} onChange={(v) => set('buttonAnimation', v)} />
            <Choice label="Animation interval" value={value.animationInterval as (typeof ANIMATION_INTERVALS)[number]} options={ANIMATION_INTERVALS} name={intervalName} onChange={(v) => set('animationInterval', v)} />
          </Group>

          <Group title="Proactive prompt">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2 dark:text-slate-200">
              <input type="checkbox" checked={value.promptEnabled} onChange={(e) => set('promptEnabled', e.target.checked)} className="h-4 w-4" />
              Show a prompt message beside the button
            </label>
            <div className="sm:col-span-2">
              <label htmlFor="prompt-message" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                Prompt message
              </label>
              <textarea id="prompt-message" rows={2} maxLength={PROMPT_MESSAGE_MAX} value={value.promptMessage} aria-describedby="prompt-count" onChange={(e) => set('promptMessage', e.target.value)} className={inputClass} />
              <p id="prompt-count" className="mt-1 text-right text-xs text-slate-600 dark:text-slate-400">
                {promptLength}/{PROMPT_MESSAGE_MAX}
              </p>
            </div>
            <Choice label="Show after" value={value.promptDelaySeconds as (typeof PROMPT_DELAYS)[number]} options={PROMPT_DELAYS} name={(n) => (n === 0 ? 'At once' : seconds(n))} onChange={(v) => set('promptDelaySeconds', v)} />
            <Choice label="Show for" value={value.promptDurationSeconds as (typeof PROMPT_DURATIONS)[number]} options={PROMPT_DURATIONS} name={seconds} onChange={(v) => set('promptDurationSeconds', v)} />
            <Choice label="Repeat every" value={value.promptRepeatInterval as (typeof PROMPT_REPEATS)[number]} options={PROMPT_REPEATS} name={(n) => (n === 0 ? 'Never' : seconds(n))} onChange={(v) => set('promptRepeatInterval', v)} />
          </Group>

          <Group title="Chat window header">
            {color('headerTextColor', 'Header text colour')}
            {font('headerFontFamily', 'Header font')}
            <ContrastNote what="Header text on the primary colour" text={value.headerTextColor} background={value.primaryColor} />
          </Group>

          <Group title="Message bubbles">
            {color('aiBubbleBgColor', 'Assistant bubble colour')}
            {color('aiBubbleTextColor', 'Assistant text colour')}
            {font('aiBubbleFontFamily', 'Assistant font')}
            {color('userBubbleBgColor', 'Visitor bubble colour')}
            {color('userBubbleTextColor', 'Visitor text colour')}
            {font('userBubbleFontFamily', 'Visitor font')}
            <ContrastNote what="Assistant text on its bubble" text={value.aiBubbleTextColor} background={value.aiBubbleBgColor} />
            <ContrastNote what="Visitor text on its bubble" text={value.userBubbleTextColor} background={value.userBubbleBgColor} />
          </Group>

          <Group title="Input area">
            {color('chatInputAreaBgColor', 'Input area background')}
            {color('chatInputBgColor', 'Message box colour')}
            {color('chatInputTextColor', 'Message box text colour')}
            {font('chatInputFontFamily', 'Message box font')}
            <ContrastNote what="Message box text" text={value.chatInputTextColor} background={value.chatInputBgColor} />
            {color('buttonTextColor', 'Send button text colour')}
            {font('buttonFontFamily', 'Send button font')}
          </Group>

          <Group title="Avatars">
            <Choice label="Assistant avatar size" value={value.avatarSize} options={['none', 'small', 'medium', 'large'] as const} onChange={(v) => set('avatarSize', v)} />
            <Choice label="Visitor avatar" value={value.userAvatarStyle} options={['none', 'letter', 'circle', 'square', 'diamond'] as const} onChange={(v) => set('userAvatarStyle', v)} />
          </Group>

          <Group title="Quick info card">
            {color('quickCardPrimaryColor', 'Card border colour')}
            {color('quickCardSecondaryColor', 'Card background')}
            {color('quickCardInputBgColor', 'Card input background')}
            {color('quickCardInputTextColor', 'Card input text colour')}
            {font('quickCardInputFontFamily', 'Card input font')}
            {color('quickCardLinkColor', 'Card link colour')}
            {color('quickCardLinkButtonBgColor', 'Card button colour')}
            {color('quickCardLinkButtonTextColor', 'Card button text colour')}
            <ContrastNote what="Card input text on its background" text={value.quickCardInputTextColor} background={value.quickCardInputBgColor} />
            <ContrastNote what="Card link on the card background" text={value.quickCardLinkColor} background={value.quickCardSecondaryColor} />
            <ContrastNote what="Card button text on its colour" text={value.quickCardLinkButtonTextColor} background={value.quickCardLinkButtonBgColor} />
          </Group>

          <Group title="Language">
            <Choice label="Default language" value={value.defaultLanguage} options={LANGUAGES} name={(v) => LANGUAGE_NAMES[v]} onChange={(v) => set('defaultLanguage', v)} />
            <p className="text-xs text-slate-700 sm:col-span-2 dark:text-slate-300">
              The widget speaks the visitor&apos;s browser language when it has it (English, Spanish, French, Portuguese, Simplified Chinese, Vietnamese, Korean, Arabic); other visitors see this one.
            </p>
          </Group>

          {messageAt === 'save' && messages}
          <FormFooter label="Save Styling" busy={saving} busyLabel="Saving…" />
        </form>
        <aside aria-label="Live preview" className="lg:sticky lg:top-4 lg:self-start">
          <h3 className="mb-2 font-semibold">Live preview</h3>
          <WidgetPreview styling={previewStyling} />
        </aside>
      </div>
      {confirmReset && (
        <ConfirmDialog
          title="Reset styling to defaults?"
          confirmLabel="Reset"
          onCancel={() => setConfirmReset(false)}
          onConfirm={() => {
            setConfirmReset(false);
            void save(DEFAULTS, null, 'reset');
          }}
        >
          Every styling setting goes back to its default and is saved now; visitors see the default widget on their next page load.
        </ConfirmDialog>
      )}
    </div>
  );
}
