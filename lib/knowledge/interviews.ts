import 'server-only';
import { z } from 'zod';
import { createHmac } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { interviewCalls, schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { AppError, conflict, notFound, validationError } from '@/lib/http/errors';
import { defineJob } from '@/lib/jobs/define';
import { enqueue } from '@/lib/jobs/enqueue';
import { safeEqual } from '@/lib/security/tokens';
import { fetchConversation, placeInterviewCall, TelephonyError, telephonyConfig } from '@/lib/telephony/elevenlabs';
import { requireSchoolId } from '@/lib/tenancy';
import { removeSourceChunks, replaceSourceChunks } from './index';
import { TOPIC_LABELS, type InterviewView } from './interview-schema';
import { summarize } from './summarize';

type Row = typeof interviewCalls.$inferSelect;

/** What school staff read: the set-up itself is the server operator's job, not theirs. */
export const TELEPHONY_NOT_CONFIGURED = 'Phone interviews are not set up on this server; ask your administrator';
/** What the operator reads in the server log. */
const TELEPHONY_SETUP_HINT = 'Telephony is not configured: set ELEVENLABS_API_KEY, ELEVENLABS_AGENT_ID and ELEVENLABS_PHONE_NUMBER_ID to let Lantern call staff.';

function toView(r: Row): InterviewView {
  return {
    id: r.id,
    staff_name: r.staffName,
    phone_number: r.phoneNumber,
    topic: r.topic,
    additional_instructions: r.additionalInstructions,
    status: r.status,
    call_error: r.callError,
    interview_summary: r.interviewSummary,
    call_duration: r.callDuration,
    called_at: r.calledAt?.toISOString() ?? null,
    connected_at: r.connectedAt?.toISOString() ?? null,
    completed_at: r.completedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

async function loadOwn(schoolId: number, id: number): Promise<Row> {
  const db = await getDb();
  const [row] = await db.select().from(interviewCalls).where(and(eq(interviewCalls.id, id), eq(interviewCalls.schoolId, schoolId))).limit(1);
  if (!row) throw notFound('Interview call not found');
  return row;
}

async function store(row: Row, changes: Partial<typeof interviewCalls.$inferInsert>) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [u] = await tx.update(interviewCalls).set({ ...changes, updatedAt: new Date() }).where(and(eq(interviewCalls.id, row.id), eq(interviewCalls.schoolId, row.schoolId))).returning();
    const topic = TOPIC_LABELS[u!.topic as keyof typeof TOPIC_LABELS] ?? u!.topic;
    const title = `${topic}: interview with ${u!.staffName}`;
    await replaceSourceChunks(tx, u!.schoolId, 'interview', u!.id, u!.interviewSummary ? [{ title, text: u!.interviewSummary }] : []);
    await replaceSourceChunks(tx, u!.schoolId, 'interview_transcript', u!.id, transcriptPassages(title, u!.transcript));
    return toView(u!);
  });
}

export async function listInterviews(ctx: AuthContext): Promise<InterviewView[]> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return (await db.select().from(interviewCalls).where(eq(interviewCalls.schoolId, schoolId)).orderBy(desc(interviewCalls.id))).map(toView);
}

export async function createInterview(ctx: AuthContext, input: { staff_name: string; phone_number: string; topic: string; additional_instructions?: string | null }) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [row] = await db
    .insert(interviewCalls)
    .values({ schoolId, staffName: input.staff_name, phoneNumber: input.phone_number, topic: input.topic, additionalInstructions: input.additional_instructions || null })
    .returning();
  return toView(row!);
}

/** Phone, topic and instructions change only while the call is pending; the summary can always be edited. */
export async function updateInterview(
  ctx: AuthContext,
  id: number,
  input: { staff_name?: string; phone_number?: string; topic?: string; additional_instructions?: string | null; interview_summary?: string | null },
) {
  const row = await loadOwn(requireSchoolId(ctx), id);
  const callFields = input.phone_number !== undefined || input.topic !== undefined || input.additional_instructions !== undefined;
  if (callFields && row.status !== 'pending') throw conflict('Phone, topic and instructions can only be changed while the call is pending');
  return store(row, {
    staffName: input.staff_name,
    phoneNumber: input.phone_number,
    topic: input.topic,
    additionalInstructions: input.additional_instructions === undefined ? undefined : input.additional_instructions || null,
    interviewSummary: input.interview_summary === undefined ? undefined : input.interview_summary?.trim() || null,
  });
}

export async function deleteInterview(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  await loadOwn(schoolId, id);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(interviewCalls).where(and(eq(interviewCalls.id, id), eq(interviewCalls.schoolId, schoolId)));
    await removeSourceChunks(tx, schoolId, 'interview', id);
    await removeSourceChunks(tx, schoolId, 'interview_transcript', id);
  });
  return { message: 'Interview call deleted successfully' };
}

/** Places the call through the telephony provider. Without one configured: 503, and nothing pretends a call happened. */
export async function startInterviewCall(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  const row = await loadOwn(schoolId, id);
  if (row.status !== 'pending') throw conflict('Only a pending call can be started; reset it first');
  const config = telephonyConfig();
  if (!config) {
    console.warn(`[telephony] ${TELEPHONY_SETUP_HINT}`);
    throw new AppError(503, TELEPHONY_NOT_CONFIGURED);
  }
  const db = await getDb();
  const [school] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  try {
    const placed = await placeInterviewCall(config, {
      toNumber: row.phoneNumber,
      staffName: row.staffName,
      topic: TOPIC_LABELS[row.topic as keyof typeof TOPIC_LABELS] ?? row.topic,
      instructions: row.additionalInstructions,
      schoolName: school?.name ?? '',
      interviewId: row.id,
    });
    return store(row, { status: 'initiated', providerCallId: placed.conversationId, calledAt: new Date(), callError: null });
  } catch (err) {
    if (!(err instanceof TelephonyError)) throw err;
    await store(row, { status: 'failed', callError: err.message, calledAt: new Date() });
    throw new AppError(502, err.message);
  }
}

/** Back to pending: error, summary, transcript, duration and timestamps cleared. */
export async function resetInterviewCall(ctx: AuthContext, id: number) {
  const row = await loadOwn(requireSchoolId(ctx), id);
  return store(row, {
    status: 'pending',
    callError: null,
    interviewSummary: null,
    transcript: null,
    callDuration: null,
    providerCallId: null,
    calledAt: null,
    connectedAt: null,
    completedAt: null,
  });
}

type TranscriptTurn = { role: string; message: string | null };

/**
 * The whole transcript for the index, one passage per question the agent asked with the staff
 * member's answers to it, so what staff said is found even when the summary left it out.
 */
function transcriptPassages(title: string, transcript: string | null): { title: string; text: string }[] {
  let turns: TranscriptTurn[];
  try {
    turns = transcript ? (JSON.parse(transcript) as TranscriptTurn[]) : [];
  } catch {
    return [];
  }
  const passages: { title: string; text: string }[] = [];
  let question = '';
  let answers: string[] = [];
  const flush = () => {
    if (answers.length) passages.push({ title, text: `${question ? `Q: ${question}\n` : ''}A: ${answers.join(' ')}` });
    answers = [];
  };
  for (const turn of turns) {
    const text = turn.message?.trim();
    if (!text) continue;
    if (turn.role === 'user') answers.push(text);
    else {
      flush();
      question = text;
    }
  }
  flush();
  return passages;
}

/** The staff member's own words, summarised extractively like any other source. */
function summaryOf(row: Row, transcript: TranscriptTurn[]): string | null {
  const answers = transcript.filter((t) => t.role === 'user' && t.message?.trim()).map((t) => t.message!.trim());
  const words = answers.join(' ').split(/\s+/).length;
  if (words < 15) return null;
  const topic = TOPIC_LABELS[row.topic as keyof typeof TOPIC_LABELS] ?? row.topic;
  const title = `${topic}: interview with ${row.staffName}`;
  // Everything a staff member says in a short interview is worth keeping; long ones are condensed.
  if (words <= 400) return [`# ${title}`, '', ...answers.map((a) => `- ${a}`)].join('\n');
  return summarize([{ title, headings: [], blocks: answers }]);
}

export async function generateInterviewSummary(ctx: AuthContext, id: number) {
  const row = await loadOwn(requireSchoolId(ctx), id);
  const turns = row.transcript ? (JSON.parse(row.transcript) as TranscriptTurn[]) : [];
  const summary = summaryOf(row, turns);
  if (!summary) throw new AppError(400, 'There is no transcript to summarise yet');
  return store(row, { interviewSummary: summary });
}

export const WEBHOOK_TOLERANCE_SECONDS = 30 * 60;

/** ElevenLabs signs webhooks as `t=<unix seconds>,v0=<hex HMAC-SHA256 of "<t>.<body>">` with the webhook secret. */
export function verifyWebhookSignature(header: string | null, rawBody: string, secret: string, now = Date.now()): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || !parts.v0 || Math.abs(now / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return safeEqual(expected, parts.v0);
}

/** A call report's largest body (a long transcript); the route reads no further. */
export const CALL_REPORT_MAX_BYTES = 2 * 1024 * 1024;

/** POST /interview-calls/webhook: verifies the signature over the exact bytes received, then applies the report. */
export async function receiveCallWebhook(raw: string, signature: string | null) {
  const secret = process.env.ELEVENLABS_WEBHOOK_SECRET;
  if (!secret) throw new AppError(503, 'Call reports are not configured: set ELEVENLABS_WEBHOOK_SECRET');
  if (!verifyWebhookSignature(signature, raw, secret)) throw new AppError(401, 'Invalid webhook signature');
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    throw validationError([{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }]);
  }
  return applyCallWebhook(payload as { type?: string; data?: Record<string, unknown> });
}

/**
 * The provider's report on a call: the transcript when it ends (completed, with duration and times,
 * then summarised), or the reason it could not start (failed). Unknown calls are ignored.
 */
export async function applyCallWebhook(payload: { type?: string; data?: Record<string, unknown> }) {
  const data = payload.data ?? {};
  const conversationId = typeof data.conversation_id === 'string' ? data.conversation_id : null;
  if (!conversationId) return { handled: false, reason: 'no conversation_id' };
  const db = await getDb();
  const [row] = await db.select().from(interviewCalls).where(eq(interviewCalls.providerCallId, conversationId)).limit(1);
  if (!row) return { handled: false, reason: 'unknown call' };
  if (payload.type === 'call_initiation_failure') {
    await store(row, { status: 'failed', callError: String(data.failure_reason ?? 'The call could not be connected').slice(0, 500), completedAt: new Date() });
    return { handled: true, status: 'failed' };
  }
  if (payload.type === 'post_call_transcription') {
    const meta = (data.metadata ?? {}) as { call_duration_secs?: number; start_time_unix_secs?: number };
    const turns = Array.isArray(data.transcript) ? (data.transcript as TranscriptTurn[]).map((t) => ({ role: String(t.role), message: t.message ?? null })) : [];
    const started = typeof meta.start_time_unix_secs === 'number' ? new Date(meta.start_time_unix_secs * 1000) : row.calledAt;
    const duration = typeof meta.call_duration_secs === 'number' ? Math.round(meta.call_duration_secs) : null;
    const failed = data.status === 'failed';
    const summary = failed ? null : summaryOf(row, turns);
    await store(row, {
      status: failed ? 'failed' : 'completed',
      callError: failed ? 'The call ended with an error at the provider' : null,
      transcript: JSON.stringify(turns),
      callDuration: duration,
      connectedAt: started,
      completedAt: started && duration !== null ? new Date(started.getTime() + duration * 1000) : new Date(),
      interviewSummary: summary ?? row.interviewSummary,
    });
    return { handled: true, status: failed ? 'failed' : 'completed' };
  }
  return { handled: false, reason: `ignored event ${payload.type}` };
}

const ACTIVE_STATUSES: Row['status'][] = ['initiated', 'ringing', 'calling', 'in_progress'];

/**
 * The scheduled sync of calls in progress: queues one interview_call_status job per call the
 * provider still owns, so each call is asked about (and retried) on its own. It covers a provider
 * whose webhook is not configured or was missed.
 */
export async function syncActiveInterviewCalls() {
  const config = telephonyConfig();
  if (!config) return { checked: 0, queued: 0, note: 'telephony is not configured' };
  const db = await getDb();
  // Only calls the provider still owns; finished ones never change again.
  const active = await db
    .select({ id: interviewCalls.id })
    .from(interviewCalls)
    .where(and(isNotNull(interviewCalls.providerCallId), inArray(interviewCalls.status, ACTIVE_STATUSES)));
  let queued = 0;
  for (const { id } of active) {
    const job = await enqueue(interviewCallStatusJob, { interview_id: id }, { dedupeKey: `interview_call_status:${id}` });
    if (!job.deduplicated) queued++;
  }
  return { checked: active.length, queued };
}

/**
 * The interview_call_status job: asks the provider how one call stands and moves it on
 * (initiated → in_progress → completed or failed), the same way the webhook would. A provider
 * error throws, so the job is retried.
 */
export async function syncInterviewCall(id: number) {
  const config = telephonyConfig();
  if (!config) return { interview_id: id, updated: false, note: 'telephony is not configured' };
  const db = await getDb();
  const [row] = await db.select().from(interviewCalls).where(eq(interviewCalls.id, id)).limit(1);
  if (!row?.providerCallId || !ACTIVE_STATUSES.includes(row.status)) return { interview_id: id, updated: false, status: row?.status ?? 'deleted' };
  const state = await fetchConversation(config, row.providerCallId);
  if (state.status === 'in-progress' && row.status !== 'in_progress') {
    await store(row, { status: 'in_progress', connectedAt: state.startTimeUnixSecs ? new Date(state.startTimeUnixSecs * 1000) : new Date() });
    return { interview_id: id, updated: true, status: 'in_progress' };
  }
  if (state.status === 'done' || state.status === 'failed') {
    const applied = await applyCallWebhook({
      type: 'post_call_transcription',
      data: { conversation_id: row.providerCallId, status: state.status, transcript: state.transcript, metadata: { start_time_unix_secs: state.startTimeUnixSecs ?? undefined, call_duration_secs: state.durationSecs ?? undefined } },
    });
    return { interview_id: id, updated: true, status: 'status' in applied ? applied.status : row.status };
  }
  return { interview_id: id, updated: false, status: row.status };
}

/** Its background job, queued above in the change's transaction and run by the job runners (background.ts). */
export const interviewCallStatusJob = defineJob({
  name: 'interview_call_status',
  display_name: 'Check an interview call',
  payload: z.object({ interview_id: z.number().int().positive() }),
  retry: { maxAttempts: 3, baseDelayMs: 20_000, maxDelayMs: 5 * 60_000 },
  handler: async () => ({ run: ({ interview_id }) => syncInterviewCall(interview_id) }),
});
