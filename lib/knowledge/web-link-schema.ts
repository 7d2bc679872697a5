import { z } from 'zod';

// Web links the assistant learns from: the form's rules and messages. No server imports.
export const URL_SCHEME = 'URL must start with http:// or https://';
export const URL_EXAMPLE = 'Please enter a valid URL (e.g., https://www.example.edu)';
export const DUPLICATE_URL = 'This URL has already been added';
export const EMPTY_CONTENT = 'Please enter some content';
export const NO_SCHOOL_WEB_LINKS = 'Please create your school information first before adding web links.';

const name = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').min(3, 'Name must be at least 3 characters').max(200, 'Name must be at most 200 characters');

const url = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2048, 'URL must be at most 2048 characters')
  .superRefine((v, ctx) => {
    if (!/^https?:\/\//i.test(v)) return void ctx.addIssue({ code: 'custom', message: URL_SCHEME });
    try {
      const u = new URL(v);
      if (!u.hostname || !u.hostname.includes('.') && u.hostname !== 'localhost' && !/^\d+\.\d+\.\d+\.\d+$/.test(u.hostname)) throw new Error('host');
    } catch {
      ctx.addIssue({ code: 'custom', message: URL_EXAMPLE });
    }
  });

export const webLinkCreateSchema = z.object({ name, url, drill_into_subpages: z.boolean({ error: 'drill_into_subpages must be true or false' }).default(false) });
export const webLinkUpdateSchema = z
  .object({
    name,
    url,
    drill_into_subpages: z.boolean({ error: 'drill_into_subpages must be true or false' }),
    insights_summary: z.string().max(100_000, 'Insights must be at most 100,000 characters').nullable(),
  })
  .partial();
export const manualContentSchema = z.object({ content: z.string({ error: EMPTY_CONTENT }).trim().min(1, EMPTY_CONTENT).max(500_000, 'Content must be at most 500,000 characters') });

export type WebLinkView = {
  id: number;
  name: string;
  url: string;
  drill_into_subpages: boolean;
  insights_summary: string | null;
  scrape_status: string;
  pages_scraped: number;
  /** Every page the last read found, by its canonical address, with its title. */
  pages: { url: string; title: string }[];
  /** Why the last read failed ('failed' only). */
  scrape_error: string | null;
  last_scraped_at: string | null;
  created_at: string;
};
