import type { LeadFieldType } from '@/lib/leads/fields';
import type { LinkSites } from '@/lib/widget/origins';
import type { WidgetStyling } from '@/lib/widget/styling';

// The shapes of the public widget API's answers as the loader and the frame read them
// (docs/widget.md). Types only: nothing from lib/ ends up in the bundles.

export type { WidgetStyling };

/** default_greeting: the greeting is Lantern's own (the frame shows it in the visitor's language). */
export type PersonaInfo = { greeting: string; ai_name: string; avatar_url: string | null; default_greeting?: boolean; school_name?: string };

/** One of the school's action prompts, as 'Talk to a person' offers it. */
export type ContactAction = { name: string; type: 'link' | 'phone' | 'email' | 'form'; data: string };

export type LeadFieldInfo = { key: string; label: string; description?: string; type: LeadFieldType };

export type WidgetConfig = {
  styling: WidgetStyling;
  lead_generation: {
    enabled: boolean;
    collection_mode: string; // 'conversational' or 'smart_card'
    fields: LeadFieldInfo[];
    smart_card_instructions: string;
  };
  model?: { mode: string };
  session?: { timeout_minutes: number };
  handoff?: { contact_actions: ContactAction[] };
  /** Links in answers stay clickable only to these sites (lib/widget/markdown.ts). */
  link_sites?: LinkSites;
  /** The launcher's icon as an SVG path (lib/widget/icons.ts), so the embed script carries no icon set. */
  launcher_icon: string;
  /** During office hours with someone available: how many minutes the school's people usually take to reply (null: not known). */
  live_reply_minutes?: number | null;
};
