import 'server-only';
import { z } from 'zod';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { webLinks } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { conflict, notFound } from '@/lib/http/errors';
import { defineJob } from '@/lib/jobs/define';
import { enqueue, type JobWriter } from '@/lib/jobs/enqueue';
import { OutboundRefused } from '@/lib/security/outbound';
import { requireSchoolId } from '@/lib/tenancy';
import { crawl, type CrawledPage } from './crawl';
import { removeSourceChunks, replaceSourceChunks, type SourcePassage } from './index';
import { writeInsights } from './insight-writer';
import { summarize } from './summarize';
import { DUPLICATE_URL, type WebLinkView } from './web-link-schema';

type Row = typeof webLinks.$inferSelect;

/** Any readable text is knowledge, however short; a page with none (a script-drawn app shell) needs its text pasted in. */
const hasReadableText = (pages: { wordCount: number }[]) => pages.some((p) => p.wordCount > 0);

function toView(r: Row): WebLinkView {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    drill_into_subpages: r.drillIntoSubpages,
    insights_summary: r.insightsSummary,
    scrape_status: r.scrapeStatus,
    pages_scraped: r.pagesScraped,
    pages: r.pagesRead,
    scrape_error: r.scrapeError,
    last_scraped_at: r.lastScrapedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

async function loadOwn(schoolId: number, id: number): Promise<Row> {
  const db = await getDb();
  const [row] = await db.select().from(webLinks).where(and(eq(webLinks.id, id), eq(webLinks.schoolId, schoolId))).limit(1);
  if (!row) throw notFound('Web link not found');
  return row;
}

async function assertUniqueUrl(schoolId: number, url: string, exceptId?: number) {
  const db = await getDb();
  const [dup] = await db
    .select({ id: webLinks.id })
    .from(webLinks)
    .where(and(eq(webLinks.schoolId, schoolId), sql`lower(${webLinks.url}) = lower(${url})`, exceptId ? ne(webLinks.id, exceptId) : undefined))
    .limit(1);
  if (dup) throw conflict(DUPLICATE_URL);
}

export async function listWebLinks(ctx: AuthContext): Promise<WebLinkView[]> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return (await db.select().from(webLinks).where(eq(webLinks.schoolId, schoolId)).orderBy(desc(webLinks.id))).map(toView);
}

/** The link's reading, queued in the caller's transaction: the link is never saved without it. */
const queueRead = (tx: JobWriter, id: number) => enqueue(webLinkReadJob, { web_link_id: id }, { dedupeKey: `web_link_read:${id}` }, tx);

/** A new link is read at once, in the background: the assistant knows its pages without a further click. */
export async function createWebLink(ctx: AuthContext, input: { name: string; url: string; drill_into_subpages: boolean }) {
  const schoolId = requireSchoolId(ctx);
  await assertUniqueUrl(schoolId, input.url);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(webLinks).values({ schoolId, name: input.name, url: input.url, drillIntoSubpages: input.drill_into_subpages, scrapeStatus: 'processing' }).returning();
    await queueRead(tx, row!.id);
    return toView(row!);
  });
}

/**
 * Saves insights (generated or edited) and re-indexes them, in one transaction. With `pages` (a
 * fresh read of the site) each page's full text is indexed too, section by section under its own
 * title, so no fact depends on the summary keeping it.
 */
async function storeInsights(row: Row, changes: Partial<typeof webLinks.$inferInsert>, pages?: CrawledPage[], after?: (tx: JobWriter) => Promise<unknown>) {
  const db = await getDb();
  const read = pages ? { pagesRead: pages.map((p) => ({ url: p.url, title: p.title || p.url })), pagesScraped: pages.length } : {};
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(webLinks).set({ ...read, ...changes, updatedAt: new Date() }).where(and(eq(webLinks.id, row.id), eq(webLinks.schoolId, row.schoolId))).returning();
    const u = updated!;
    await after?.(tx);
    await replaceSourceChunks(tx, u.schoolId, 'web_link', u.id, u.insightsSummary ? [{ title: `${u.name} (${u.url})`, text: u.insightsSummary, url: u.url }] : []);
    if (pages) await replaceSourceChunks(tx, u.schoolId, 'web_page', u.id, pagePassages(pages));
    return toView(u);
  });
}

/** One passage per section of each page, titled by the page and the section's heading. */
function pagePassages(pages: CrawledPage[]): SourcePassage[] {
  return pages.flatMap((page) =>
    page.sections.map((s) => ({ title: s.heading && s.heading !== page.title ? `${page.title} — ${s.heading}` : page.title || page.url, text: s.lines.join('\n'), url: page.url })),
  );
}

/** A changed address or subpage choice is read again at once; the insights staff edit are kept as written. */
export async function updateWebLink(ctx: AuthContext, id: number, input: { name?: string; url?: string; drill_into_subpages?: boolean; insights_summary?: string | null }) {
  const schoolId = requireSchoolId(ctx);
  const row = await loadOwn(schoolId, id);
  if (input.url !== undefined) await assertUniqueUrl(schoolId, input.url, id);
  const reread = (input.url !== undefined && input.url !== row.url) || (input.drill_into_subpages !== undefined && input.drill_into_subpages !== row.drillIntoSubpages);
  return storeInsights(
    row,
    {
      name: input.name,
      url: input.url,
      drillIntoSubpages: input.drill_into_subpages,
      insightsSummary: input.insights_summary === undefined ? undefined : input.insights_summary?.trim() || null,
      ...(reread ? { scrapeStatus: 'processing' as const, scrapeError: null } : {}),
    },
    undefined,
    reread ? (tx) => queueRead(tx, id) : undefined,
  );
}

export async function deleteWebLink(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  await loadOwn(schoolId, id);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(webLinks).where(and(eq(webLinks.id, id), eq(webLinks.schoolId, schoolId)));
    await removeSourceChunks(tx, schoolId, 'web_link', id);
    await removeSourceChunks(tx, schoolId, 'web_page', id);
  });
  return { message: 'Web link deleted successfully' };
}

export type GenerateAnswer = (WebLinkView & { status: 'completed' }) | { status: 'manual_required'; url: string; name: string; reason: string };

/** Reads the page (and subpages) for real and stores an extractive summary; asks for pasted text when the page gives too little. */
export async function generateWebLinkInsights(ctx: AuthContext, id: number): Promise<GenerateAnswer> {
  const schoolId = requireSchoolId(ctx);
  const row = await loadOwn(schoolId, id);
  return scrapeAndStore(row);
}

export async function scrapeAndStore(row: Row): Promise<GenerateAnswer> {
  let reason = 'The page had no readable text';
  let pages: Awaited<ReturnType<typeof crawl>> = [];
  try {
    pages = await crawl(row.url, row.drillIntoSubpages);
    if (pages.length === 0) reason = 'The address did not answer with a readable web page';
  } catch (err) {
    if (!(err instanceof OutboundRefused)) throw err;
    reason = String(err.detail);
  }
  if (!hasReadableText(pages)) {
    await storeInsights(row, { scrapeStatus: 'manual_required', scrapeError: null, lastScrapedAt: new Date() }, pages);
    return { status: 'manual_required', url: row.url, name: row.name, reason };
  }
  const { text: insights } = await writeInsights(pages.map((p) => ({ title: p.title, url: p.url, headings: p.headings, blocks: p.blocks })));
  const view = await storeInsights(row, { insightsSummary: insights, scrapeStatus: 'completed', scrapeError: null, lastScrapedAt: new Date() }, pages);
  return { ...view, status: 'completed' };
}

/** The web_link_read job: its answer is the run's result summary on the Scheduler Dashboard. */
export async function runWebLinkRead(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(webLinks).where(eq(webLinks.id, id)).limit(1);
  if (!row) return { web_link_id: id, status: 'deleted' };
  // Read already (Generate Insights) or pasted in by hand since it was queued: nothing to do.
  if (row.scrapeStatus !== 'processing') return { web_link_id: id, status: 'already_read' };
  const result = await scrapeAndStore(row);
  return { web_link_id: id, status: result.status, pages: 'pages_scraped' in result ? result.pages_scraped : 0 };
}

/** After the job's last attempt failed: the link says why instead of reading for ever. */
export async function markWebLinkReadFailed(id: number, error: string) {
  const db = await getDb();
  const [row] = await db.select().from(webLinks).where(eq(webLinks.id, id)).limit(1);
  if (!row) return;
  // Only a link still being read: one read or pasted in meanwhile keeps its state.
  await db
    .update(webLinks)
    .set({ scrapeStatus: 'failed', scrapeError: `The pages could not be read: ${error}`.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(webLinks.id, id), eq(webLinks.schoolId, row.schoolId), eq(webLinks.scrapeStatus, 'processing')));
}

/** Pasted page text becomes the insights: status completed_manual. */
export async function generateWebLinkInsightsManual(ctx: AuthContext, id: number, content: string) {
  const schoolId = requireSchoolId(ctx);
  const row = await loadOwn(schoolId, id);
  const blocks = content.split(/\n\s*\n|\n(?=[-*•])/).map((b) => b.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const summary = summarize([{ title: row.name, url: row.url, headings: [], blocks }]);
  // Short pasted text is kept whole: summarising a few lines would only lose them.
  const insights = summary.split('\n').filter((l) => l.startsWith('- ')).length >= 3 ? summary : content.trim();
  return storeInsights(row, { insightsSummary: insights, scrapeStatus: 'completed_manual', lastScrapedAt: new Date() });
}

/** The weekly refresh: re-reads every completed link of every school; failures keep the old insights. */
export async function refreshCompletedWebLinks() {
  const db = await getDb();
  const rows = await db.select().from(webLinks).where(eq(webLinks.scrapeStatus, 'completed'));
  let refreshed = 0;
  let unchanged = 0;
  for (const row of rows) {
    try {
      const pages = await crawl(row.url, row.drillIntoSubpages);
      if (!hasReadableText(pages)) {
        unchanged++;
        continue;
      }
      const { text: insights } = await writeInsights(pages.map((p) => ({ title: p.title, url: p.url, headings: p.headings, blocks: p.blocks })));
      await storeInsights(row, { insightsSummary: insights, lastScrapedAt: new Date() }, pages);
      refreshed++;
    } catch {
      unchanged++;
    }
  }
  return { links_checked: rows.length, refreshed, unchanged };
}

/** Its background job, queued above in the change's transaction and run by the job runners (background.ts). */
export const webLinkReadJob = defineJob({
  name: 'web_link_read',
  display_name: 'Read a web link',
  payload: z.object({ web_link_id: z.number().int().positive() }),
  retry: { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 },
  handler: async () => ({ run: ({ web_link_id }) => runWebLinkRead(web_link_id), giveUp: ({ web_link_id }, error) => markWebLinkReadFailed(web_link_id, error) }),
});
