import { stripBidiControls } from '@/lib/text/controls';

/**
 * Text a visitor wrote (a question, a name), as staff screens show it: isolated from the text around
 * it (`<bdi>`, so right-to-left text cannot reorder the sentence it sits in), without bidirectional
 * controls (`invoice\u202Egnp.exe` reads as typed), and wrapping a long unbroken word rather than
 * widening the screen.
 */
export function VisitorText({ text, className = '' }: { text: string | null | undefined; className?: string }) {
  return <bdi className={`[overflow-wrap:anywhere] ${className}`.trim()}>{stripBidiControls(text ?? '')}</bdi>;
}
