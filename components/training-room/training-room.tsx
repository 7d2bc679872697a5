'use client';

import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { ResponsiveSections, type Section } from '@/components/ui/responsive-sections';
import { ActionPrompts } from './action-prompts';
import { Corrections } from './corrections';
import { FactSheet } from './fact-sheet';
import { FileUploads } from './file-uploads';
import { Interviews } from './interviews';
import { WebLinks } from './web-links';

const AREAS: Section[] = [
  { id: 'fact-sheet', title: 'Fact Sheet', content: <FactSheet /> },
  { id: 'web-links', title: 'Web Links', content: <WebLinks /> },
  { id: 'file-uploads', title: 'File Uploads', content: <FileUploads /> },
  { id: 'interviews', title: 'Interviews', content: <Interviews /> },
  { id: 'action-prompts', title: 'Action Prompts', content: <ActionPrompts /> },
  { id: 'corrections', title: 'Corrections', content: <Corrections /> },
];

/** Six areas (the spec's five and the staff corrections of answers): tabs on wide screens (Fact Sheet first), an accordion at 768 px or less where several may be open. */
export function TrainingRoom() {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Training Room</h1>
      <p className="text-slate-700 dark:text-slate-300">Everything here becomes knowledge your assistant answers from.</p>
      <ResponsiveSections label="Training Room" sections={AREAS} single={false} />
    </div>
  );
}
