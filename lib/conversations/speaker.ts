// Who said a message, as every transcript writes it (Logs, the Live view, a lead's conversation,
// the handoff mail, downloads). Pure: screens and server share it.

/** "Visitor", "Assistant", the staff member ("Maria (staff)"), or "Live chat" for an event of a live chat (joined, handed back, closed). */
export function speakerOf(m: { role: string; author?: string | null }): string {
  if (m.role === 'user') return 'Visitor';
  if (m.role === 'staff') return `${m.author || 'Staff'} (staff)`;
  if (m.role === 'system') return 'Live chat';
  return 'Assistant';
}
