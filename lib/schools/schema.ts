import { z } from 'zod';

// Spec 001 §3.1 and §5.1. No server imports: shared by forms, actions and routes.
export const CLASSIFICATIONS = ['2_year', '4_year', 'mixed'] as const;
export const DEGREE_LEVELS = ['certificate', 'associate', 'bachelor', 'master', 'doctorate'] as const;
export const INSTITUTION_CONTROLS = ['public', 'private'] as const;
export const TAX_STATUSES = ['non_profit', 'for_profit'] as const;

const httpUrl = z
  .string()
  .trim()
  .max(2048, 'URL must be at most 2048 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      return false;
    }
  }, 'Website must be a valid URL starting with http:// or https://');

/** Empty text means "not set". */
export const optionalUrl = z.union([z.literal('').transform(() => null), httpUrl, z.null()]).optional();

export const schoolCreateSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  locations: z.array(z.string().trim().max(300, 'A location must be at most 300 characters')).max(50, 'At most 50 locations').default([])
    .transform((list) => list.filter((l) => l !== '')),
  website_url: optionalUrl,
  classification: z.enum(CLASSIFICATIONS, { error: 'Choose a classification' }).default('4_year'),
  degree_levels: z.array(z.enum(DEGREE_LEVELS, { error: 'Unknown degree level' })).min(1, 'Choose at least one degree level').default(['bachelor'])
    .transform((list) => [...new Set(list)]),
  institution_control: z.enum(INSTITUTION_CONTROLS, { error: 'Choose public or private' }).default('public'),
  tax_status: z.enum(TAX_STATUSES, { error: 'Choose non-profit or for-profit' }).default('non_profit'),
});

export type SchoolCreateInput = z.infer<typeof schoolCreateSchema>;
