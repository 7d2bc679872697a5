import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { interviewCalls, schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { AppError, conflict, notFound } from '@/lib/http/errors';
import { placeInterviewCall, TelephonyError, telephonyConfig } from '@/lib/telephony/elevenlabs';
import { requireSchoolId } from './action-prompts';
import { removeSourceChunks, replaceSourceChunks } from './index';
import { TOPIC_LABELS, type InterviewView } from './interview-schema';

type Row = typeof interviewCalls.$inferSelect;

export const TELEPHONY_NOT_CONFIGURED =
  'Telephony is not configured: set ELEVENLABS_API_KEY, ELEVENLABS_AGENT_ID and ELEVENLABS_PHONE_NUMBER_ID to let Lantern call staff.';

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
    const [u] = await tx.update(interviewCalls).set({ ...changes, updatedAt: new Date() }).where(eq(interviewCalls.id, row.id)).returning();
    const topic = TOPIC_LABELS[u!.topic as keyof typeof TOPIC_LABELS] ?? u!.topic;
    await replaceSourceChunks(tx, u!.schoolId, 'interview', u!.id, u!.interviewSummary ? [{ title: `${topic}: interview with ${u!.staffName}`, text: u!.interviewSummary }] : []);
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
  });
  return { message: 'Interview call deleted successfully' };
}

/** Places the call through the telephony provider. Without one configured: 503, and nothing pretends a call happened. */
export async function startInterviewCall(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  const row = await loadOwn(schoolId, id);
  if (row.status !== 'pending') throw conflict('Only a pending call can be started; reset it first');
  const config = telephonyConfig();
  if (!config) throw new AppError(503, TELEPHONY_NOT_CONFIGURED);
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
