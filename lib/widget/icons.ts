// Launcher icons (styling.buttonIcon) as single stroked paths on a 24×24 grid, drawn with
// stroke="currentColor" so they take the styling's textColor. The widget's config sends the chosen
// one (launcher_icon), so the embed script every page view downloads carries none of them; the
// Styling tab's preview reads them here.

const RING = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z';

export const ICONS: Record<string, string> = {
  'chat-bubble': 'M21 12a8.5 8.5 0 0 1-12.3 7.6L3 21l1.4-5.2A8.5 8.5 0 1 1 21 12z',
  message: 'M3 5h18v12H9l-6 4zM7 9h10M7 13h6',
  question: RING + 'M9.5 9.5a2.5 2.5 0 1 1 3.3 2.4c-.5.2-.8.7-.8 1.2v.4M12 16.5v.5',
  help: RING + 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM5.6 5.6l3.6 3.6M14.8 14.8l3.6 3.6M18.4 5.6l-3.6 3.6M9.2 14.8l-3.6 3.6',
  robot: 'M5 8h14v11H5zM12 8V4M10 4h4M9.5 12.5v1M14.5 12.5v1M9.5 16h5M2 12v3M22 12v3',
  support: 'M4 15v-3a8 8 0 0 1 16 0v3M4 14h3v5H4zM17 14h3v5h-3zM20 19a3 3 0 0 1-3 3h-4',
  info: RING + 'M12 11v5.5M12 7.5v.5',
  sparkles: 'M10 3l1.8 5.2L17 10l-5.2 1.8L10 17l-1.8-5.2L3 10l5.2-1.8zM18 15l.8 2.2L21 18l-2.2.8L18 21l-.8-2.2L15 18l2.2-.8z',
  graduation: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6',
  school: 'M3 21h18M5 21V10l7-5 7 5v11M10 21v-5h4v5M12 10v.5',
};

/** The path the launcher draws for styling.buttonIcon; a custom image gets the chat bubble, drawn if the image fails to load. */
export const launcherIcon = (name: string): string => ICONS[name] || ICONS['chat-bubble'];
