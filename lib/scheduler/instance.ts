import 'server-only';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { getSidelineDb } from '@/db/client';
import { runnerInstances } from '@/db/schema';
import { logError } from '@/lib/system/log';

/**
 * This process as a runner of background work: an id stamped on the executions it runs and the jobs
 * it claims, and a heartbeat in runner_instances, so that whoever starts next (or another instance on
 * the same Postgres) can tell work whose process is gone from work still running (lib/scheduler/recovery.ts).
 */

/** LANTERN_INSTANCE_TIMEOUT_MS: a heartbeat older than this means the process is gone (default 30 s). */
export function instanceTimeoutMs(): number {
  const configured = Number(process.env.LANTERN_INSTANCE_TIMEOUT_MS);
  return Number.isFinite(configured) && configured >= 1000 ? configured : 30_000;
}

/** LANTERN_HEARTBEAT_MS (default 5 s), at most a third of the timeout so one late beat is not death. */
export function heartbeatMs(): number {
  const configured = Number(process.env.LANTERN_HEARTBEAT_MS);
  const wanted = Number.isFinite(configured) && configured >= 100 ? configured : 5_000;
  return Math.min(wanted, Math.floor(instanceTimeoutMs() / 3));
}

/**
 * Processes with the same machine key share a PID namespace on one running kernel, so one can ask
 * whether the other's PID is alive. Null off Linux: then only the heartbeat tells.
 */
export function machineKey(): string | null {
  try {
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const pidNamespace = fs.readlinkSync('/proc/self/ns/pid');
    return `${boot}/${pidNamespace}`;
  } catch {
    return null;
  }
}

/** Whether a PID of this machine key is alive. A reused PID reads as alive: then the heartbeat decides (slower, never wrong). */
export function pidAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type InstanceState = {
  id: string;
  /** Set once the row exists: nothing is stamped with an id others could not look up. */
  registered: boolean;
  /** Database time of the last heartbeat that went through, and since when they have come without a gap. */
  lastBeat: Date | null;
  healthySince: Date | null;
  timer: NodeJS.Timeout | null;
};
const key = Symbol.for('lantern.runnerInstance');
// On globalThis, so dev-mode reloads keep one identity per process.
const state = ((globalThis as { [key]?: InstanceState })[key] ??= { id: randomUUID(), registered: false, lastBeat: null, healthySince: null, timer: null });

/** The id to stamp on work this process starts, or null when it runs no heartbeat (Inngest mode, tests). */
export function currentInstanceId(): string | null {
  return state.registered ? state.id : null;
}

/** Writes this process's heartbeat (inserting its row the first time); answers whether it went through. */
export async function beat(): Promise<boolean> {
  try {
    // On a connection of its own (Postgres): a pool held by long work must not silence a live instance.
    const db = await getSidelineDb();
    const [row] = await db
      .insert(runnerInstances)
      .values({ id: state.id, host: os.hostname(), pid: process.pid, machine: machineKey() })
      .onConflictDoUpdate({ target: runnerInstances.id, set: { seenAt: sql`now()` } })
      .returning({ seenAt: runnerInstances.seenAt });
    const at = row!.seenAt;
    // A gap as long as half the timeout (the database was away, or this process stalled) starts the
    // healthy window again: others' heartbeats may have been held up by the same cause.
    if (!state.lastBeat || !state.healthySince || at.getTime() - state.lastBeat.getTime() >= instanceTimeoutMs() / 2) state.healthySince = at;
    state.lastBeat = at;
    state.registered = true;
    return true;
  } catch (err) {
    if (state.lastBeat) console.error('[scheduler] heartbeat failed:', err instanceof Error ? err.message : err);
    state.lastBeat = null;
    state.healthySince = null;
    return false;
  }
}

/**
 * How long, in database time, this process has had its heartbeats through without a gap. Only after a
 * full timeout of that may it call another instance gone for a stale heartbeat: a live instance had
 * the same database for as long, so its beat would be fresh (a Postgres restart stales every row at once).
 */
export function healthyForMs(): number {
  return state.lastBeat && state.healthySince ? state.lastBeat.getTime() - state.healthySince.getTime() : 0;
}

/** Starts the heartbeat (first beat at once); `onBeat` runs after each beat that went through. */
export async function startHeartbeat(onBeat?: () => Promise<void>): Promise<void> {
  if (state.timer) return;
  let busy = false;
  const tick = async () => {
    // A beat held up (a busy pool) is not doubled: the next one after it shows the gap instead.
    if (busy) return;
    busy = true;
    try {
      if (await beat()) await onBeat?.().catch((err: unknown) => console.error(`[scheduler] recovery check failed: ${logError(err)}`));
    } finally {
      busy = false;
    }
  };
  state.timer = setInterval(() => void tick(), heartbeatMs());
  state.timer.unref();
  await tick();
}

/** Stops beating but stays registered: on PGlite nobody else reads the heartbeat once the start's recovery is done. */
export function stopBeating(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}

/** Stops the heartbeat and forgets the registration (tests). The row stays, and goes stale as a dead process's would. */
export function stopHeartbeat(): void {
  stopBeating();
  state.registered = false;
  state.lastBeat = null;
  state.healthySince = null;
}

export function instanceId(): string {
  return state.id;
}
