import 'server-only';
import { PoolTimeoutError, slotGate } from '@/db/pool-gate';
import { AppError } from '@/lib/http/errors';

// One .xlsx read at a time in this process. A read holds its workbook's shared strings table (up
// to XLSX_LIMITS.sharedStringChars) until it ends, so reads at once would add up to more memory than
// the limits were chosen for; in turn they cost at most one table. A CSV read holds one row and does
// not pass here. A request waits a short while for the slot, then answers 503 with Retry-After; a
// background import waits longer (the job's lease is 15 minutes).

export const SPREADSHEET_BUSY = 'Another spreadsheet is being read on this server right now. Please try again in a moment.';
export const SPREADSHEET_BUSY_RETRY_AFTER = 10;

/** The 503 of a read that found the slot taken for its whole wait. */
export class SpreadsheetBusy extends AppError {
  constructor() {
    super(503, SPREADSHEET_BUSY, { 'Retry-After': String(SPREADSHEET_BUSY_RETRY_AFTER) });
    this.name = 'SpreadsheetBusy';
  }
}

/** How long a request waits for the slot: PROSPECT_READ_WAIT_MS, 10 s by default (as the database pool's wait). */
export function requestReadWaitMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.PROSPECT_READ_WAIT_MS);
  return env.PROSPECT_READ_WAIT_MS && Number.isFinite(value) && value >= 0 ? value : 10_000;
}

/** A background import's wait: a long import ahead of it ends well within this. */
export const BACKGROUND_READ_WAIT_MS = 5 * 60_000;

const gate = slotGate(1, 10_000);

/** Takes the slot, waiting up to `waitMs`; answers its release (only the first call counts). */
export async function spreadsheetSlot(waitMs: number): Promise<() => void> {
  try {
    return await gate.acquire(waitMs);
  } catch (err) {
    if (err instanceof PoolTimeoutError) throw new SpreadsheetBusy();
    throw err;
  }
}

/** Whether the slot is held and how many reads wait for it (tests, the bench). */
export const spreadsheetReads = () => gate.stats();
