// Budgets of issue 47, item 2 (`npm run bench:prospect-files`): what reading a hostile .xlsx costs.
//   the issue's file (3.3 MB, shared strings 400 MiB at 127:1), alone or three at once: refused, <= 1 s, RSS rise <= 50 MB
//   the largest shared strings let through (99 MiB of short strings), alone or three at once: <= 10 s each, RSS rise <= 300 MB
//   shared strings past 50 million characters; a first sheet at its 255 MiB of empty rows or of one comment: RSS rise <= 300 MB
// Each case runs in a process of its own (a fresh baseline), reading the file as parse-headers does
// (`readRows` until the header and five rows); the files are built by tests/fixtures/spreadsheets.ts.
// 300 MB is the import's own budget (bench/prospects.ts). Before the limits, the issue's file took
// 12.0 s and +936 MB here, and three at once ended the process.
import { spawnSync } from 'node:child_process';
import { readRows, bytesSource } from '../lib/prospects/parse';
import { hostileStringsBlock, hostileWorkbook, workbookWithStrings } from '../tests/fixtures/spreadsheets';

const MiB = 1024 * 1024;
const HEAP_MB = 512;

/** Items of about 1,000 characters deflating near 120:1 (under the ratio guard), `mib` MiB of them. */
function longStrings(mib: number) {
  const words = hostileStringsBlock().match(/Applicant \d/g)!;
  const items: string[] = [];
  for (let i = 0; i < words.length; i += 90) items.push(`<si><t>${words.slice(i, i + 90).join(' ')}</t></si>`);
  const block = items.join('');
  return workbookWithStrings({ block, times: Math.ceil((mib * MiB) / block.length) });
}

/** 1 MiB of empty rows whose number varies now and then, deflating near 150:1 (under the ratio guard). */
const emptyRows = (() => {
  const digits = hostileStringsBlock().match(/Applicant (\d)/g)!.map((m) => m.slice(-1));
  let out = '';
  for (let i = 0; out.length < MiB - 32; i++) out += `<row r="2${digits[i % digits.length]}"/>`;
  return out;
})();

type Case = { label: string; file: () => Buffer; copies: number; seconds: number; mb: number; refused: boolean };
const CASES: Record<string, Case> = {
  issue: { label: "the issue's file, refused", file: () => hostileWorkbook(400), copies: 1, seconds: 1, mb: 50, refused: true },
  'issue-x3': { label: "the issue's file, three at once, refused", file: () => hostileWorkbook(400), copies: 3, seconds: 1, mb: 50, refused: true },
  largest: { label: 'shared strings of 99 MiB (3.8 M strings), read', file: () => hostileWorkbook(99), copies: 1, seconds: 10, mb: 300, refused: false },
  'largest-x3': { label: 'the same, three at once (one at a time)', file: () => hostileWorkbook(99), copies: 3, seconds: 30, mb: 300, refused: false },
  chars: { label: 'shared strings past 50 M characters, refused', file: () => longStrings(60), copies: 1, seconds: 10, mb: 300, refused: true },
  rows: { label: 'a first sheet of 255 MiB of empty rows, read', file: () => workbookWithStrings({ sheetFill: { block: emptyRows, times: 255 } }), copies: 1, seconds: 30, mb: 300, refused: false },
  comment: {
    label: 'a first sheet holding a 255 MiB comment, read',
    file: () => workbookWithStrings({ sheetFill: { before: '<!--', block: hostileStringsBlock(), times: 255, after: '-->' } }),
    copies: 1,
    seconds: 30,
    mb: 300,
    refused: false,
  },
};

/** Reads the header and up to five rows, as parse-headers does; answers whether the file was refused. */
async function readHead(file: Buffer): Promise<boolean> {
  try {
    let n = 0;
    for await (const row of readRows(bytesSource(file), 'xlsx', null, 120_000)) {
      if (n === 0 && row.cells[0] !== 'First Name') throw new Error(`unexpected header ${JSON.stringify(row.cells)}`);
      if (++n > 5) break;
    }
    return false;
  } catch (err) {
    if ((err as Error).name !== 'FileRejected') throw err;
    return true;
  }
}

async function runCase(name: string) {
  const c = CASES[name]!;
  const file = c.file();
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t = performance.now();
  const refused = await Promise.all(Array.from({ length: c.copies }, () => readHead(file)));
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ fileMb: file.byteLength / 1e6, seconds, riseMb: (peak - before) / 1e6, refused: refused.every(Boolean), accepted: refused.every((r) => !r) }));
}

function main() {
  const lines: string[] = [];
  for (const [name, c] of Object.entries(CASES)) {
    // A 512 MB heap: a read past its bound, or reads at once adding up, would end the process.
    const run = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', `--max-old-space-size=${HEAP_MB}`, process.argv[1]!, name], { encoding: 'utf8', maxBuffer: 16 * MiB });
    const last = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !last.startsWith('{')) {
      lines.push(`FAIL  ${c.label}: the process ended ${run.status} ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
      console.log(lines.at(-1));
      continue;
    }
    const r = JSON.parse(last) as { fileMb: number; seconds: number; riseMb: number; refused: boolean; accepted: boolean };
    const ok = r.seconds <= c.seconds && r.riseMb <= c.mb && (c.refused ? r.refused : r.accepted);
    const line = `${ok ? 'PASS' : 'FAIL'}  ${`${c.label} (${r.fileMb.toFixed(1)} MB file)`.padEnd(68)} ${`${r.seconds.toFixed(2)} s`.padStart(8)} (<= ${c.seconds})  RSS +${r.riseMb.toFixed(0)} MB (<= ${c.mb})${c.refused === r.refused ? '' : c.refused ? '  NOT REFUSED' : '  REFUSED'}`;
    lines.push(line);
    console.log(line);
  }
  console.log('\n' + lines.join('\n'));
  if (lines.some((l) => l.startsWith('FAIL'))) process.exitCode = 1;
}

if (process.argv[2]) await runCase(process.argv[2]);
else main();
