import { renderMarkdown } from '@/lib/widget/markdown';
import { VisitorText } from './visitor-text';

/**
 * A chat message as staff read it: the visitor's words as typed (isolated, wrapping), the
 * assistant's answer formatted as the widget showed it (its Markdown rendered by the widget's own
 * safe renderer: no HTML, links to other sites shown as text with their domain).
 */
export function MessageText({ role, content }: { role: string; content: string }) {
  if (role === 'assistant') {
    return <div data-testid="message-markdown" className="chat-markdown min-w-0 [overflow-wrap:anywhere]" dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }} />;
  }
  return (
    <p className="whitespace-pre-wrap">
      <VisitorText text={content} />
    </p>
  );
}
