import { analyzeFile } from '@/lib/knowledge/files';
import { FILE_ANALYSIS_EVENT, inngest } from '../client';

// Long work off the request: a file's analysis after 'Generate Insights'.
export const fileAnalysis = inngest.createFunction(
  { id: 'file_analysis', name: 'File Analysis', retries: 2, triggers: [{ event: FILE_ANALYSIS_EVENT }] },
  async ({ event, step }) => {
    const fileId = Number((event.data as { file_id?: unknown }).file_id);
    return step.run('analyze', async () => {
      const result = await analyzeFile(fileId);
      return { file_id: fileId, status: 'analysis_status' in result ? result.analysis_status : result.status };
    });
  },
);
