import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelInfo } from '@/lib/ai/providers';
import { writeInsights } from '@/lib/knowledge/insight-writer';

let server: http.Server;
let base: string;
const requests: { auth?: string; body: { model: string; messages: { role: string; content: unknown }[] } }[] = [];
let fail = false;

const DOC = { title: 'Admissions', url: 'https://cedar.example.edu/admissions', headings: [], blocks: ['Tuition is $24,500 per year.', 'Apply by January 15, 2027.'] };

beforeAll(async () => {
  // A small server speaking the OpenAI Chat Completions API, as Ollama or vLLM would.
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') return res.writeHead(404).end();
      requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      if (fail) return res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model crashed', type: 'server_error' } }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1795000000,
          model: 'tiny-local',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: '## Costs and financial aid\n- Tuition is $24,500 per year.\n\n## Dates and deadlines\n- Apply by January 15, 2027.' } }],
          usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

/** The model configured, as OPENAI_* set it: on the local server above. */
const modelOn = () => Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: base, OPENAI_MODEL: 'tiny-local' });

// Each test starts without a model, and with the server answering.
afterEach(() => {
  for (const k of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL']) delete process.env[k];
  fail = false;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('insights from the configured model', () => {
  it('uses the extractive summariser without a model', async () => {
    const requestsBefore = requests.length;
    expect(modelInfo()).toEqual({ mode: 'local', model: 'local' });
    const out = await writeInsights([DOC]);
    expect(out.by).toBe('extractive');
    expect(out.text).toContain('$24,500');
    expect(requests).toHaveLength(requestsBefore);
  });

  it('asks an OpenAI-compatible server when OPENAI_API_KEY is set, with the source text and the no-invention rule', async () => {
    modelOn();
    const out = await writeInsights([DOC]);
    expect(out).toEqual({ by: 'model', text: '## Costs and financial aid\n- Tuition is $24,500 per year.\n\n## Dates and deadlines\n- Apply by January 15, 2027.' });
    const sent = requests.at(-1)!;
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('tiny-local');
    const system = sent.body.messages.find((m) => m.role === 'system')!.content as string;
    expect(system).toContain('Never add, guess or generalise facts');
    expect(JSON.stringify(sent.body.messages)).toContain('Tuition is $24,500 per year.');
  });

  it('falls back to the extractive summary when the model fails', async () => {
    modelOn();
    fail = true;
    const requestsBefore = requests.length;
    const out = await writeInsights([DOC]);
    expect(requests.length).toBeGreaterThan(requestsBefore);
    expect(out.by).toBe('extractive');
    expect(out.text).toContain('January 15, 2027');
  });
});
