import type { LeadFieldType } from '@/lib/leads/fields';
import type { WidgetStyling } from '@/lib/widget/styling';

// The shapes of the public widget API's answers as the loader and the frame read them
// (docs/widget.md). Types only: nothing from lib/ ends up in the bundles.

export type { WidgetStyling };

export type PersonaInfo = { greeting: string; ai_name: string; avatar_url: string | null };

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
};
