'use client';

import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { ResponsiveSections, type Section } from '@/components/ui/responsive-sections';
import { PersonaPanel, PersonalityPanel, VoicePanel } from './panels';
import { SpecialInstructions } from './special-instructions';
import { VocabularyPanel } from './vocabulary';

const AREAS: Section[] = [
  { id: 'persona', title: 'Persona', content: <PersonaPanel /> },
  { id: 'voice', title: 'Voice', content: <VoicePanel /> },
  { id: 'personality', title: 'Personality', content: <PersonalityPanel /> },
  { id: 'special-instructions', title: 'Special Instructions', content: <SpecialInstructions /> },
  { id: 'vocabulary', title: 'Vocabulary', content: <VocabularyPanel /> },
];

/** Tabs on wide screens; at 768 px or less an accordion with one panel open at a time. */
export function AiCustomization() {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">AI Customization</h1>
      <ResponsiveSections label="AI Customization" sections={AREAS} single />
    </div>
  );
}
