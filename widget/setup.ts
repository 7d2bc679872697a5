import type { LinkSites } from '@/lib/widget/markdown';
import { fill, pickLanguage, TEXTS, type Texts, type WidgetLanguage } from './i18n';
import type { ContactAction, PersonaInfo, WidgetConfig, WidgetStyling } from './types';

// What the chat frame works with, settled once when it opens (frame.ts) from the widget's config
// and persona: the visitor's language and its texts, the school's styling, the assistant's name,
// the sites answers may link to, lead generation and contact actions. One chat per page, so the
// frame's parts read these directly.

export let lang: WidgetLanguage = 'en';
export let t: Texts = TEXTS.en;
export let styling: WidgetStyling;
export let sites: LinkSites | undefined;
export let lead: WidgetConfig['lead_generation'];
/** The school's contact actions, offered with the 'Talk to a person' form. */
export let actions: ContactAction[] = [];
/** The assistant's name ('' when the school gave none). */
export let aiName = '';
/** The name the assistant's messages go by: its own, else "Assistant" in the visitor's language. */
export let assistantName = '';

/** The visitor's language (their browser's when the widget has it, else the school's default), and the config's settings. */
export function settle(cfg: WidgetConfig | null, persona: PersonaInfo | null): void {
  lang = pickLanguage(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'], cfg && cfg.styling ? cfg.styling.defaultLanguage : undefined);
  t = TEXTS[lang];
  if (!cfg || !cfg.styling) return;
  styling = cfg.styling;
  sites = cfg.link_sites;
  lead = cfg.lead_generation;
  actions = cfg.handoff ? cfg.handoff.contact_actions : [];
  aiName = (persona && typeof persona.ai_name === 'string' && persona.ai_name.trim()) || '';
  assistantName = aiName || t.assistant;
}

/** The greeting: the school's own as written, else the default one in the visitor's language. */
export function greetingText(persona: PersonaInfo | null): string {
  const own = persona && typeof persona.greeting === 'string' && !persona.default_greeting ? persona.greeting.trim() : '';
  return own || (persona && persona.school_name ? fill(t.greeting, { name: assistantName, school: persona.school_name }) : t.hello);
}
