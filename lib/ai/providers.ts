import 'server-only';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';

// Every model call goes through this module (docs/architecture.md, "The life of a chat message"). With OPENAI_API_KEY, an OpenAI or
// OpenAI-compatible server (OPENAI_BASE_URL: Ollama, vLLM, LM Studio) answers; without it, Lantern's
// embedded components do the work and say so.

export type ModelInfo = { mode: 'openai'; model: string; baseUrl: string | null } | { mode: 'local'; model: 'local' };

export function modelInfo(): ModelInfo {
  if (!process.env.OPENAI_API_KEY) return { mode: 'local', model: 'local' };
  return { mode: 'openai', model: process.env.OPENAI_MODEL || 'gpt-4o-mini', baseUrl: process.env.OPENAI_BASE_URL || null };
}

/** The configured chat model, or null in the embedded mode. Chat Completions is what compatible servers speak. */
export function configuredModel(): LanguageModel | null {
  const info = modelInfo();
  if (info.mode === 'local') return null;
  const openai = createOpenAI({ apiKey: process.env.OPENAI_API_KEY, baseURL: info.baseUrl ?? undefined });
  return openai.chat(info.model);
}

/** How the UI and /health name the model in use. */
export function modelLabel(info: ModelInfo = modelInfo()): string {
  return info.mode === 'local' ? 'Local model (answers from your knowledge, no AI service)' : `${info.model} (OpenAI-compatible${info.baseUrl ? ` at ${new URL(info.baseUrl).host}` : ''})`;
}
