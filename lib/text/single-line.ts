import type { z } from 'zod';
import { hasControlChars, stripBidiControls } from './controls';

/**
 * A single-line value (a name, a state) from a form or an import: a line break or other control
 * character is refused with `refusal` (it could forge a log line or a mail header), and
 * bidirectional controls are dropped (they make `invoice\u202Egnp.exe` read as "invoiceexe.png" on
 * staff screens and in exports). No server imports: forms and routes share it.
 */
export const singleLine = (text: z.ZodString, refusal: string) => text.refine((v) => !hasControlChars(v), refusal).transform((v) => stripBidiControls(v).trim());
