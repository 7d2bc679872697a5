import { z } from 'zod';
import { defineJob } from '@/lib/jobs/define';

export const prospectImportJob = defineJob({
  name: 'prospect_import',
  display_name: 'Import a prospect list',
  payload: z.object({ batch_id: z.uuid() }),
  // An attempt undoes what an interrupted one wrote before it starts again.
  retry: { maxAttempts: 3, baseDelayMs: 10_000, maxDelayMs: 5 * 60_000 },
  handler: async () => {
    const { markProspectImportFailed, runProspectImport } = await import('./import');
    const { BACKGROUND_READ_WAIT_MS } = await import('./read-gate');
    return {
      run: async ({ batch_id }) => {
        const b = await runProspectImport(batch_id, { readWaitMs: BACKGROUND_READ_WAIT_MS });
        return b ? { batch_id, status: b.status, imported: b.imported, updated: b.updated, skipped: b.skipped } : { batch_id, status: 'missing' };
      },
      giveUp: ({ batch_id }, error) => markProspectImportFailed(batch_id, error),
    };
  },
});
