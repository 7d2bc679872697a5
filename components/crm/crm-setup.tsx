'use client';

import { crmSetupAction } from '@/app/actions/crm';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ResponsiveSections } from '@/components/ui/responsive-sections';
import { CRM_MESSAGES, type CrmStatusLabel } from '@/lib/crm/schema';
import { useScreenData } from '@/lib/web/screen-data';
import { CrmConfig } from './crm-config';
import { FieldMapping } from './field-mapping';

// CRM Setup: tabs CRM Config and Map Fields (an accordion on narrow screens), the status label
// (worked out by the server, lib/crm/schema.ts) and the screen's messages.


const STATUS_TONE: Record<CrmStatusLabel, 'neutral' | 'success' | 'warning' | 'danger' | 'brand'> = {
  'Not configured': 'neutral',
  Disabled: 'neutral',
  'Incomplete setup': 'warning',
  Working: 'success',
  'Connection failed': 'danger',
  Ready: 'brand',
};

export function CrmSetup() {
  const screen = useScreenData('crm-setup', crmSetupAction, { fallback: CRM_MESSAGES.loadFailed });
  const status = (screen.data?.status ?? 'Not configured') as CrmStatusLabel;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">CRM Setup</h1>
        {screen.data && (
          <span data-testid="crm-status" className="flex items-center gap-2 text-sm">
            <span className="text-slate-700 dark:text-slate-300">Status:</span>
            <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{status}</Badge>
          </span>
        )}
      </div>
      <p className="text-slate-700 dark:text-slate-300">Send every new and updated lead to your CRM by webhook, signed so your CRM can check it came from Lantern.</p>
      {screen.loading ? (
        <p role="status">Loading CRM integration settings...</p>
      ) : !screen.data ? (
        <div className="space-y-3">
          <Banner tone="error">{CRM_MESSAGES.loadFailed}</Banner>
          <Button variant="secondary" onClick={() => void screen.reload()}>
            Try Again
          </Button>
        </div>
      ) : (
        <ResponsiveSections
          label="CRM Setup"
          single
          sections={[
            { id: 'config', title: 'CRM Config', content: <CrmConfig integration={screen.data.integration} reload={screen.reload} onSaved={(integration) => screen.setData({ integration, status: integration.status })} /> },
            { id: 'mapping', title: 'Map Fields', content: <FieldMapping integration={screen.data.integration} onSaved={(integration) => screen.setData({ integration, status: integration.status })} /> },
          ]}
        />
      )}
    </div>
  );
}
