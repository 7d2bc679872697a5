import { serve } from 'inngest/next';
import { inngest } from '@/inngest/client';
import { functions } from '@/inngest/functions';
import { inngestEnabled } from '@/lib/jobs/backend';

const handlers = serve({ client: inngest, functions });
const notFound = () => Response.json({ detail: 'Inngest is not configured' }, { status: 404 });

// Served only in Inngest mode; the embedded runner needs no endpoint.
export const GET = (...args: Parameters<typeof handlers.GET>) => (inngestEnabled() ? handlers.GET(...args) : notFound());
export const POST = (...args: Parameters<typeof handlers.POST>) => (inngestEnabled() ? handlers.POST(...args) : notFound());
export const PUT = (...args: Parameters<typeof handlers.PUT>) => (inngestEnabled() ? handlers.PUT(...args) : notFound());
