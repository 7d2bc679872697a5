// One definition of each figure Analytics and Reports show, in words a school reads: both screens
// label their cards from here and show the definition as the card's tooltip, so the same word never
// counts two different things. Test chats are never counted. Pure: used by the screens.

export type Metric = { label: string; definition: string };

export const METRICS = {
  total_conversations: { label: 'Total Conversations', definition: 'Every widget session: a visitor on a page where the chat loaded, whether or not they opened it.' },
  widget_loaded: { label: 'Widget Loaded', definition: 'Sessions where the chat loaded: every widget session, opened or not.' },
  widget_opened: { label: 'Widget Opened', definition: 'Sessions where the visitor opened the chat, whether or not they went on to write (every engaged session counts).' },
  engaged: { label: 'Engaged', definition: 'Sessions where the visitor sent at least one message or asked for a person.' },
  total_messages: { label: 'Total messages', definition: "Every message in the period's conversations: the visitor's and the assistant's." },
  avg_response_time: { label: 'Avg response time', definition: "The assistant's average time to answer a message, on the server." },
  avg_duration: { label: 'Avg conversation duration', definition: 'From the first to the last activity of an engaged session, on average.' },
  active_today: { label: 'Active sessions today', definition: "Widget sessions with activity since midnight in the school's time zone." },
  handoffs: { label: 'Asked for a person', definition: 'Sessions where the visitor asked for someone from the admissions office (the form or live chat).' },
  human_handled: { label: 'Handled by staff', definition: 'Sessions where a person of the school joined the chat (live chat); counted apart from the assistant\'s.' },
  total_leads: { label: 'Total Leads', definition: 'Leads saved in the period: the quick info card, details given in chat, and requests for a person.' },
  lead_conversion: { label: 'Lead conversion', definition: 'Leads as a share of engaged sessions.' },
} as const satisfies Record<string, Metric>;

export type MetricKey = keyof typeof METRICS;

/** Sessions by the furthest step they reached (each in one of the three), as the daily rollup stores them. */
export type FurthestStep = { widget_loaded: number; widget_opened: number; engaged: number };
/** The engagement figures both screens show: each step counts every session that reached it or went further. */
export type EngagementFunnel = { loaded: number; opened: number; engaged: number };

/**
 * The one computation of Widget Loaded, Widget Opened and Engaged for Analytics and Reports: a
 * session that engaged was also opened and loaded, even when the widget sent no loaded or opened
 * event, so loaded ≥ opened ≥ engaged always holds and the screens cannot contradict (issue 48).
 */
export function engagementFunnel(c: FurthestStep): EngagementFunnel {
  return { loaded: c.widget_loaded + c.widget_opened + c.engaged, opened: c.widget_opened + c.engaged, engaged: c.engaged };
}
