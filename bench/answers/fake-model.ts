// A stand-in for an OpenAI-compatible server (Chat Completions, plain and streamed) that records
// every request, so the benchmark can see exactly what Lantern sends to a configured model.
import http from 'node:http';

type Message = { role: string; content: string | { type: string; text?: string }[] };
export type ModelRequest = { messages: Message[]; stream?: boolean };

export const ANSWER = 'Thanks for your question. Please see the details above.';
const INSIGHTS = /^You write knowledge notes/;
const SUMMARY_CHARS = 3_000;

export const textOf = (m: Message) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join(''));
export const isInsightCall = (r: ModelRequest) => r.messages.some((m) => m.role === 'system' && INSIGHTS.test(textOf(m)));

/**
 * Insight notes as a model with a bounded answer writes them: the headings and the first sentence
 * of each block, up to about 3,000 characters. Details further down a page are dropped, as they
 * are from a real summary.
 */
function summaryOf(source: string): string {
  const lines: string[] = [];
  let size = 0;
  for (const block of source.split(/\n{2,}/)) {
    const line = block.startsWith('#') ? block : `- ${block.split(/(?<=[.!?])\s/)[0]}`;
    if (size + line.length > SUMMARY_CHARS) break;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

export async function serveModel(port: number) {
  const requests: ModelRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as ModelRequest;
      requests.push(body);
      const user = body.messages.filter((m) => m.role === 'user').map(textOf).join('\n\n');
      const text = isInsightCall(body) ? summaryOf(user) : ANSWER;
      const base = { id: `bench-${requests.length}`, created: 0, model: 'bench-model' };
      if (!body.stream) {
        const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }], usage }));
      }
      const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(chunk({ role: 'assistant', content: text }) + chunk({}, 'stop') + 'data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, requests };
}
