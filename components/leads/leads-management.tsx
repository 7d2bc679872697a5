'use client';

import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Banner } from '@/components/ui/banner';
import { ResponsiveSections } from '@/components/ui/responsive-sections';
import { ExportPanel } from './export-panel';
import { LeadsPanel } from './leads-panel';

/** Tabs Leads and Export; an accordion on narrow screens with Leads open first. */
/** `canErase`: school admins and superusers may erase a person (privacy requests). */
export function LeadsManagement({ hasSchool, canErase }: { hasSchool: boolean; canErase: boolean }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Leads Management</h1>
      {hasSchool ? (
        <ResponsiveSections
          label="Leads Management"
          single
          sections={[
            { id: 'leads', title: 'Leads', content: <LeadsPanel canErase={canErase} /> },
            { id: 'export', title: 'Export', content: <ExportPanel /> },
          ]}
        />
      ) : (
        <Banner tone="info">Please create your school information first before managing leads.</Banner>
      )}
    </div>
  );
}
