import 'server-only';
import { generateText } from 'ai';
import { configuredModel } from '@/lib/ai/providers';
import { summarize, type SourceDocument } from './summarize';

const SYSTEM = [
  "You write knowledge notes for a school's admissions assistant from the school's own pages and documents.",
  'Write a structured summary of what a prospective student or family would ask about: programs and academics, admissions and applying, costs and financial aid, dates and deadlines, campus life, and contacts.',
  'Use short markdown headings and bullet points. Copy every number, amount, date, name, e-mail address, phone number and URL exactly as written.',
  'Use only facts present in the text. Never add, guess or generalise facts that are not there. Leave out a heading when the text has nothing for it.',
].join(' ');

const MAX_INPUT_CHARS = 60_000;

/**
 * Insights for a source: written by the configured model, or extracted by the embedded summariser.
 * A model failure falls back to the extractive summary rather than losing the work.
 */
export async function writeInsights(docs: SourceDocument[]): Promise<{ text: string; by: 'model' | 'extractive' }> {
  const model = configuredModel();
  if (model) {
    const source = docs
      .map((d) => [d.title && `# ${d.title}`, d.url && `Source: ${d.url}`, ...d.blocks].filter(Boolean).join('\n\n'))
      .join('\n\n---\n\n')
      .slice(0, MAX_INPUT_CHARS);
    try {
      const { text } = await generateText({ model, system: SYSTEM, prompt: source, temperature: 0.1, maxRetries: 1, abortSignal: AbortSignal.timeout(60_000) });
      if (text.trim()) return { text: text.trim(), by: 'model' };
    } catch (err) {
      console.error('[insights] model failed, using the extractive summary', (err as Error).message);
    }
  }
  return { text: summarize(docs), by: 'extractive' };
}
