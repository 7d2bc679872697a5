import 'server-only';
import type { AuthContext } from '@/lib/auth/accounts';
import { getFactSheet } from '@/lib/schools/service';
import { listActionPrompts } from './action-prompts';
import { listCorrections } from './corrections';
import { requireSchoolId } from '@/lib/tenancy';
import { listFiles } from './files';
import { listInterviews } from './interviews';
import { listWebLinks } from './web-links';

/** GET /insights/all: every knowledge source of the school in one answer. */
export async function allInsights(ctx: AuthContext) {
  requireSchoolId(ctx);
  const [factSheet, webLinks, actionPrompts, files, interviews, corrections] = await Promise.all([
    getFactSheet(ctx),
    listWebLinks(ctx),
    listActionPrompts(ctx),
    listFiles(ctx),
    listInterviews(ctx),
    listCorrections(ctx),
  ]);
  return {
    fact_sheet: factSheet,
    web_links: webLinks.filter((l) => l.insights_summary).map((l) => ({ id: l.id, name: l.name, url: l.url, scrape_status: l.scrape_status, insights_summary: l.insights_summary, last_scraped_at: l.last_scraped_at })),
    files: files.filter((f) => f.insights_summary).map((f) => ({ id: f.id, name: f.name, original_filename: f.original_filename, insights_summary: f.insights_summary, last_analyzed_at: f.last_analyzed_at })),
    interviews: interviews.filter((i) => i.interview_summary).map((i) => ({ id: i.id, staff_name: i.staff_name, topic: i.topic, interview_summary: i.interview_summary, completed_at: i.completed_at })),
    action_prompts: actionPrompts.filter((p) => p.is_active),
    corrections: corrections.map((c) => ({ id: c.id, question: c.question, answer: c.answer, rating_id: c.rating_id, updated_at: c.updated_at })),
  };
}
