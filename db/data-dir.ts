import path from 'node:path';

/** Where the embedded database and the generated secret live (DATA_DIR, default `.data`). */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data');
}
