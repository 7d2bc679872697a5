import { z } from 'zod';

// Knowledge files: the accepted types, the size limit and the name rules. No server imports.
export const ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt', '.md'] as const;
export const FILE_MAX_BYTES = 25 * 1024 * 1024;
export const NO_SCHOOL_FILES = 'Please create your school information first before adding files.';

export const fileNameField = z.string({ error: 'Please provide a name' }).trim().min(1, 'Please provide a name').max(200, 'Name must be at most 200 characters');
export const fileUpdateSchema = z.object({ name: fileNameField, insights_summary: z.string().max(100_000, 'Insights must be at most 100,000 characters').nullable() }).partial();

/** The default name: the file name without its extension. */
export function defaultFileName(filename: string): string {
  return filename.replace(/\.[^.]+$/, '');
}

/** Bytes, KB, MB or GB with two decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(2)} ${units[i]}`;
}

export type KnowledgeFileView = {
  id: number;
  name: string;
  original_filename: string;
  file_size: number;
  created_at: string;
  analysis_status: 'pending' | 'processing' | 'completed' | 'failed';
  analysis_error: string | null;
  insights_summary: string | null;
  last_analyzed_at: string | null;
};
