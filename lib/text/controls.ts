// Characters a visitor can type that change how text is shown rather than what it says. No server
// imports: schemas, the widget and staff screens share these.

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Bidirectional controls: embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the
 * marks (U+200E, U+200F, U+061C). `invoice\u202Egnp.exe` shows as "invoiceexe.png".
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text without bidirectional controls. */
export const stripBidiControls = (s: string): string => s.replace(BIDI_CONTROLS, '');

/** Whether a single-line value (a name, a city) holds a control character such as a line break. */
export const hasControlChars = (s: string): boolean => CONTROL_CHARS.test(s);
