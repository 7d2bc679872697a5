import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A start that refuses to run must exit non-zero after its message, not leave a port open that
// answers nothing: `npm start` and the standalone server, on a serverless host
// without DATABASE_URL and AUTH_SECRET.

const root = path.resolve(import.meta.dirname, '..', '..');

function run(script: string): Promise<{ code: number | null; stderr: string }> {
  const env = { NODE_ENV: 'production', PATH: process.env.PATH ?? '', VERCEL: '1', PORT: '0', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-refused-')) } as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, [path.join(root, script)], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // Ends by itself or fails the test at vitest's timeout (a start that keeps running never resolves).
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('a start that refuses to run', () => {
  for (const script of ['scripts/start.mjs', 'scripts/standalone-server.mjs']) {
    it(`${script} prints why and exits with status 1`, async () => {
      const { code, stderr } = await run(script);
      expect(code).toBe(1);
      expect(stderr).toContain('[lantern] refusing to run on Vercel without DATABASE_URL');
      expect(stderr).toContain('AUTH_SECRET');
    });
  }
});
