/** One row of the sheet: its line (the header is line 1 of an ordinary file) and cell texts. */
export type SheetRow = { line: number; cells: string[] };

/**
 * The file's bytes, readable as often as needed and by ranges (an .xlsx is read from its directory
 * at the end): a stored blob, read part by part, or bytes in memory.
 */
export type ByteSource = {
  size: () => Promise<number>;
  chunks: () => AsyncIterable<Uint8Array>;
  /** Bytes [start, end). */
  range: (start: number, end: number) => AsyncIterable<Uint8Array>;
};

export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: async () => bytes.byteLength,
    chunks: async function* () {
      for (let at = 0; at < bytes.byteLength; at += 1024 * 1024) yield bytes.subarray(at, at + 1024 * 1024);
    },
    range: async function* (start, end) {
      yield bytes.subarray(start, end);
    },
  };
}
