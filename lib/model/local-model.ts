import type { LanguageModelV4, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import type { Composed } from './compose';

// Lantern's built-in model for installs without an AI service: an AI SDK language model whose
// "generation" is composeAnswer over the passages the engine retrieved. The engine builds one per
// turn from that turn's answer, so it runs through streamText like any other model.

export const LOCAL_MODEL_ID = 'lantern-local';

const usage = (text: string): LanguageModelV4Usage => ({
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: text.split(/\s+/).length, text: text.split(/\s+/).length, reasoning: 0 },
});

/**
 * Paragraph-sized pieces: the answer is ready at once, so finer pieces would only cost the SDK's
 * per-part work, while the widget still takes the same streaming path as with any model.
 */
function pieces(text: string): string[] {
  return text.match(/[^\n]+\n*|\n+/g) ?? [];
}

/** The built-in model for one turn: it answers with what composeAnswer made of the passages, actions and contact the engine gathered. */
export function createLocalModel(composed: Composed): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'lantern',
    modelId: LOCAL_MODEL_ID,
    supportedUrls: {},
    async doGenerate() {
      const { text } = composed;
      return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(text), warnings: [] };
    },
    async doStream() {
      const { text } = composed;
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'answer' },
        ...pieces(text).map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 'answer', delta })),
        { type: 'text-end', id: 'answer' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(text) },
      ];
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      });
      return { stream };
    },
  };
}
