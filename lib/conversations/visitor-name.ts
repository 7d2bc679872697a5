// How staff screens name a visitor: by what they gave (name, else e-mail, else phone), else
// "Visitor" and the last characters of their conversation's reference (lib/conversations/reference.ts),
// never of the widget's session id. Pure: used by the server's lists and by the screens, which get the
// reference as the list's `session_id`.

export type VisitorDetails = { first_name?: unknown; last_name?: unknown; preferred_name?: unknown; email?: unknown; phone?: unknown };

const text = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');

/** "Visitor 3f9a2c" for a conversation's reference (its last six letters and digits). */
export function shortVisitor(reference: string): string {
  const id = reference.replace(/[^A-Za-z0-9]/g, '').slice(-6);
  return id ? `Visitor ${id}` : 'Visitor';
}

/** What the visitor gave to be known by: their name, else their e-mail, else their phone; null when nothing. */
export function givenName(details: VisitorDetails | null | undefined): string | null {
  const d = details ?? {};
  const name = [text(d.first_name) || text(d.preferred_name), text(d.last_name)].filter(Boolean).join(' ');
  return (name || text(d.email) || text(d.phone)).slice(0, 120) || null;
}

/** What the visitor gave, else shortVisitor of the conversation's reference (conversationReference of the session). */
export function visitorName(details: VisitorDetails | null | undefined, reference: string): string {
  return givenName(details) ?? shortVisitor(reference);
}
