import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as conversationRoute from '@/app/(rest)/conversations/[id]/route';
import { getDb } from '@/db/client';
import { conversationMessages, conversations } from '@/db/schema';
import { configuredModel } from '@/lib/ai/providers';
import { classifyLocal } from '@/lib/analytics/classify';
import { analyzeConversationTurns, MAX_FAILURES } from '@/lib/analytics/turn-analysis';
import { findTask } from '@/lib/jobs/define';
import { runTask } from '@/lib/scheduler/run-task';
import { LABELLED_MESSAGES } from '../fixtures/labelled-visitor-messages';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';
import { background } from '@/background';

// The conversation_turn_analysis task, its local classifier and its model path.

let su: string;
let a: StaffSchool;
let b: StaffSchool;

type Msg = { role: 'user' | 'assistant'; content: string };

async function conversation(school: StaffSchool, session: string, msgs: Msg[], source: 'widget' | 'test_chat' = 'widget') {
  const db = await getDb();
  const [c] = await db
    .insert(conversations)
    .values({
      schoolId: school.id,
      sessionId: session,
      source,
      status: 'engaged',
      startedAt: sql`now() - interval '10 minutes'`,
      endedAt: sql`now() - interval '8 minutes'`,
      messageCount: msgs.length,
    })
    .returning({ id: conversations.id });
  await db.insert(conversationMessages).values(msgs.map((m, i) => ({ conversationId: c!.id, schoolId: school.id, position: i, role: m.role, content: m.content })));
  return c!.id;
}

const messagesOf = async (conversationId: number) =>
  (await getDb())
    .select({ role: conversationMessages.role, sentiment: conversationMessages.sentiment, topics: conversationMessages.topics, analyzedAt: conversationMessages.analyzedAt, failures: conversationMessages.analysisFailures })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(conversationMessages.position);
const detail = (id: number, as: StaffSchool) => call(conversationRoute.GET, 'GET', `/conversations/${id}`, { token: as.token, params: { id: String(id) } });
const resultFor = (summary: { school_results: { school_id: number; processed: number; failed: number }[] }, school: StaffSchool) =>
  summary.school_results.find((r) => r.school_id === school.id);

// A small server speaking the OpenAI Chat Completions API; `answer` decides what the model says.
let server: http.Server;
let base: string;
let answer: (ids: number[]) => string = () => '';
const requests: { response_format?: { type: string }; system?: string }[] = [];

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'ta@lantern.test', password: STRONG_PASSWORD, username: 'taroot', first_name: 'T', last_name: 'A' } })).json.access_token;
  a = await staffWithSchool(su, 'ta-a@lantern.test', 'Aspen Analysis College');
  b = await staffWithSchool(su, 'ta-b@lantern.test', 'Beech Analysis College');
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[]; response_format?: { type: string } };
      requests.push({ response_format: body.response_format, system: body.messages.find((m) => m.role === 'system')?.content });
      const user = body.messages.find((m) => m.role === 'user')!.content;
      const ids = (JSON.parse(typeof user === 'string' ? user : JSON.stringify(user)) as { id: number }[]).map((m) => m.id);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1795000000,
          model: 'tiny-local',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer(ids) } }],
          usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  for (const k of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL']) delete process.env[k];
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('the local classifier', () => {
  it('sorts 40 labelled visitor messages into their topic (≥ 85 %) and sentiment', () => {
    let topicHits = 0;
    let sentimentHits = 0;
    const misses: string[] = [];
    for (const m of LABELLED_MESSAGES) {
      const out = classifyLocal(m.text);
      const topicOk = out.topics[0]?.category === m.topic;
      if (topicOk) topicHits += 1;
      if (out.sentiment === m.sentiment) sentimentHits += 1;
      if (!topicOk || out.sentiment !== m.sentiment) misses.push(`${m.text} → ${out.topics.map((t) => t.category).join('+')} / ${out.sentiment} (expected ${m.topic} / ${m.sentiment})`);
    }
    const topicAccuracy = topicHits / LABELLED_MESSAGES.length;
    const sentimentAccuracy = sentimentHits / LABELLED_MESSAGES.length;
    console.log(
      `[turn-analysis] local classifier on ${LABELLED_MESSAGES.length} labelled messages: topics ${(topicAccuracy * 100).toFixed(1)} %, sentiment ${(sentimentAccuracy * 100).toFixed(1)} %\n  ${misses.join('\n  ')}`,
    );
    expect(LABELLED_MESSAGES).toHaveLength(40);
    expect(topicAccuracy).toBeGreaterThanOrEqual(0.85);
    expect(sentimentAccuracy).toBeGreaterThanOrEqual(0.8);
  });

  it('gives several topics with confidences, casual chat for pleasantries and unclear for nothing', () => {
    const mixed = classifyLocal('How much is tuition, and can I live in the dorms?');
    expect(mixed.topics.map((t) => t.category).sort()).toEqual(['financial_aid', 'housing_dining']);
    expect(mixed.topics.reduce((s, t) => s + t.confidence, 0)).toBeCloseTo(1, 1);
    expect(classifyLocal('Hello, thank you!').topics).toEqual([{ category: 'casual_chat', confidence: 1 }]);
    expect(classifyLocal('zzz').topics).toEqual([{ category: 'unclear', confidence: 1 }]);
    expect(classifyLocal('This is terrible and I hate it').sentiment).toBe('negative');
    expect(classifyLocal('I love it, wonderful!').sentiment).toBe('positive');
  });
});

describe('the conversation_turn_analysis task (embedded mode)', () => {
  let convA: number;
  let convB: number;
  let testChat: number;

  it('is registered as the spec says', () => {
    const task = findTask(background, 'conversation_turn_analysis')!;
    expect(task).toMatchObject({ category: 'AI Processing', schedule: '*/15 * * * *', queue: 'high_priority' });
  });

  it('analyses each visitor message once, refreshes the conversation, and reports exactly the fields of the result summary', async () => {
    expect(configuredModel()).toBeNull();
    convA = await conversation(a, 's-a', [
      { role: 'user', content: 'Hi! How much is tuition?' },
      { role: 'assistant', content: 'Tuition is $24,500.' },
      { role: 'user', content: 'Are there scholarships? That would be wonderful.' },
      { role: 'assistant', content: 'Yes, merit scholarships.' },
      { role: 'user', content: 'Can I live in the dorms as a freshman?' },
      { role: 'user', content: 'And is the campus safe?' },
    ]);
    convB = await conversation(b, 's-b', [{ role: 'user', content: 'The application process is terrible and confusing.' }]);
    testChat = await conversation(a, 's-test', [{ role: 'user', content: 'Where is the campus located?' }], 'test_chat');

    const run = await runTask('conversation_turn_analysis', findTask(background, 'conversation_turn_analysis')!.handler, { trigger: 'manual' });
    expect(run.status).toBe('success');
    const summary = JSON.parse(run.resultSummary!);
    expect(Object.keys(summary).sort()).toEqual(['processing_rate_msgs_per_sec', 'school_results', 'schools_processed', 'total_messages_failed', 'total_messages_processed', 'total_schools_found']);
    expect(summary.total_messages_failed).toBe(0);
    expect(summary.schools_processed).toBe(summary.total_schools_found);
    expect(summary.processing_rate_msgs_per_sec).toBeGreaterThan(0);
    expect(resultFor(summary, a)).toEqual({ school_id: a.id, processed: 5, failed: 0 });
    expect(resultFor(summary, b)).toEqual({ school_id: b.id, processed: 1, failed: 0 });
    for (const r of summary.school_results) expect(Object.keys(r).sort()).toEqual(['failed', 'processed', 'school_id']);

    const msgs = await messagesOf(convA);
    expect(msgs.filter((m) => m.role === 'assistant').every((m) => m.analyzedAt === null && m.sentiment === null)).toBe(true);
    const visitor = msgs.filter((m) => m.role === 'user');
    expect(visitor.every((m) => m.analyzedAt !== null && m.sentiment !== null && (m.topics?.length ?? 0) > 0)).toBe(true);
    expect(visitor[0]!.topics![0]!.category).toBe('financial_aid');
    expect(visitor[1]!.sentiment).toBe('positive');
    expect((await messagesOf(testChat))[0]!.topics![0]!.category).toBe('location');

    // Idempotent: nothing left to do, and the stored analysis does not change.
    const again = await analyzeConversationTurns();
    expect(resultFor(again, a)).toBeUndefined();
    expect(again.total_messages_processed).toBe(0);
    expect(await messagesOf(convA)).toEqual(msgs);
    // A new visitor message is analysed alone.
    await (await getDb()).insert(conversationMessages).values({ conversationId: convA, schoolId: a.id, position: 6, role: 'user', content: 'Do you have a soccer team?' });
    const third = await analyzeConversationTurns();
    expect(resultFor(third, a)).toEqual({ school_id: a.id, processed: 1, failed: 0 });
  });

  it('the detail shows the stored analysis, and only to its own school', async () => {
    const res = await detail(convA, a);
    expect(res.status).toBe(200);
    expect(res.json.overall_sentiment).toBe('positive');
    const names = res.json.conversation_topics.map((t: { category_name: string }) => t.category_name);
    expect(names).toEqual(expect.arrayContaining(['Financial Aid', 'Housing and Dining']));
    for (const t of res.json.conversation_topics) expect(t.confidence).toBeGreaterThan(0);
    expect(res.json.key_points).toEqual(['Hi! How much is tuition?', 'Are there scholarships? That would be wonderful.', 'Can I live in the dorms as a freshman?']);
    expect(res.json.engagement_score).toBeGreaterThan(0.4);
    expect(res.json.engagement_score).toBeLessThanOrEqual(1);
    const visitor = res.json.messages.filter((m: { role: string }) => m.role === 'user');
    expect(visitor[0].sentiment).toBe('neutral');
    expect(visitor[0].topics[0]).toBe('Financial Aid');
    expect(res.json.messages[1].sentiment).toBeNull();
    const bDetail = await detail(convB, b);
    expect(bDetail.json.overall_sentiment).toBe('negative');
    expect(bDetail.json.conversation_topics[0].category_name).toBe('Admissions');
    expect((await detail(convA, b)).status).toBe(404);
    expect((await detail(convB, a)).status).toBe(404);
  });
});

describe('the model path', () => {
  const modelOn = () => Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: base, OPENAI_MODEL: 'tiny-local' });

  it('classifies with structured output from the configured model', async () => {
    const id = await conversation(a, 'm-1', [
      { role: 'user', content: 'Tell me about your rowing club' },
      { role: 'user', content: 'ok thanks' },
    ]);
    answer = (ids) => JSON.stringify({ results: ids.map((i, n) => ({ id: i, topics: [{ category: n === 0 ? 'athletics' : 'casual_chat', confidence: 0.9 }], sentiment: 'positive' })) });
    modelOn();
    const before = requests.length;
    const summary = await analyzeConversationTurns();
    expect(requests.length).toBe(before + 1);
    expect(requests.at(-1)!.response_format?.type).toBe('json_schema');
    expect(resultFor(summary, a)).toEqual({ school_id: a.id, processed: 2, failed: 0 });
    const msgs = await messagesOf(id);
    expect(msgs.map((m) => m.topics)).toEqual([[{ category: 'athletics', confidence: 0.9 }], [{ category: 'casual_chat', confidence: 0.9 }]]);
    expect(msgs.every((m) => m.sentiment === 'positive')).toBe(true);
  });

  it('classifies messages in any language by their meaning (issue 26)', async () => {
    const id = await conversation(a, 'm-lang', [
      { role: 'user', content: '¿Cuánto cuesta la matrícula?' },
      { role: 'user', content: '宿舍有单人间吗？' },
    ]);
    answer = (ids) => JSON.stringify({ results: ids.map((i, n) => ({ id: i, topics: [{ category: n === 0 ? 'financial_aid' : 'housing_dining', confidence: 0.8 }], sentiment: 'neutral' })) });
    modelOn();
    await analyzeConversationTurns();
    expect(requests.at(-1)!.system).toContain('Messages may be written in any language');
    const msgs = await messagesOf(id);
    expect(msgs.map((m) => m.topics)).toEqual([[{ category: 'financial_aid', confidence: 0.8 }], [{ category: 'housing_dining', confidence: 0.8 }]]);
  });

  it('counts garbage as failed, keeps the message for the next run, and does not crash', async () => {
    const id = await conversation(a, 'm-2', [
      { role: 'user', content: 'What is the deadline?' },
      { role: 'user', content: 'And the fee?' },
    ]);
    modelOn();
    answer = () => 'I am a language model and I refuse to answer in JSON.';
    const first = await analyzeConversationTurns();
    expect(resultFor(first, a)).toEqual({ school_id: a.id, processed: 0, failed: 2 });
    expect(first.total_messages_failed).toBe(2);
    let msgs = await messagesOf(id);
    expect(msgs.every((m) => m.analyzedAt === null && m.failures === 1)).toBe(true);

    // Half garbage: an unknown category fails its message only.
    answer = (ids) =>
      JSON.stringify({
        results: [
          { id: ids[0], topics: [{ category: 'admissions', confidence: 0.8 }], sentiment: 'neutral' },
          { id: ids[1], topics: [{ category: 'astrology', confidence: 2 }], sentiment: 'ecstatic' },
        ],
      });
    const second = await analyzeConversationTurns();
    expect(resultFor(second, a)).toEqual({ school_id: a.id, processed: 1, failed: 1 });
    msgs = await messagesOf(id);
    expect(msgs[0]).toMatchObject({ sentiment: 'neutral', failures: 1 });
    expect(msgs[0]!.analyzedAt).not.toBeNull();
    expect(msgs[1]).toMatchObject({ sentiment: null, analyzedAt: null, failures: 2 });

    // Retried next run, now answered.
    answer = (ids) => JSON.stringify({ results: ids.map((i) => ({ id: i, topics: [{ category: 'financial_aid', confidence: 0.7 }], sentiment: 'neutral' })) });
    const third = await analyzeConversationTurns();
    expect(resultFor(third, a)).toEqual({ school_id: a.id, processed: 1, failed: 0 });
    expect((await messagesOf(id))[1]).toMatchObject({ sentiment: 'neutral', topics: [{ category: 'financial_aid', confidence: 0.7 }] });
  });

  it(`leaves a message alone after ${MAX_FAILURES} failed runs`, async () => {
    const id = await conversation(b, 'm-3', [{ role: 'user', content: 'Hmm?' }]);
    modelOn();
    answer = () => '{"results": "nope"}';
    for (let i = 0; i < MAX_FAILURES; i++) expect(resultFor(await analyzeConversationTurns(), b)).toEqual({ school_id: b.id, processed: 0, failed: 1 });
    expect(resultFor(await analyzeConversationTurns(), b)).toBeUndefined();
    expect((await messagesOf(id))[0]).toMatchObject({ analyzedAt: null, failures: MAX_FAILURES });
  });
});
