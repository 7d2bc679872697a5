import type { WidgetStyling } from './types';

// When the launcher animates and when the proactive prompt bubble shows.
// Pure timing, no DOM, so the rules are unit-tested; the loader supplies what "play", "show" and
// "hide" mean.

/** styling.animationInterval meaning "once on page load" (ANIMATION_ONCE in lib/widget/styling.ts). */
export const ANIMATION_ONCE = 9999999;

export type AnimationPlan = { kind: 'none' } | { kind: 'continuous' } | { kind: 'once' } | { kind: 'every'; ms: number };

/**
 * How the chosen animation runs: 0 seconds is continuous, 9999999 once on page load, any other
 * interval plays it once every that many seconds. Visitors who asked for reduced motion get none.
 */
export function animationPlan(animation: string, intervalSeconds: number, reducedMotion: boolean): AnimationPlan {
  if (!animation || animation === 'none' || reducedMotion) return { kind: 'none' };
  if (intervalSeconds === 0) return { kind: 'continuous' };
  // An interval that is not a positive number (bad saved data) degrades to playing once.
  if (!(intervalSeconds > 0) || intervalSeconds >= ANIMATION_ONCE) return { kind: 'once' };
  return { kind: 'every', ms: intervalSeconds * 1000 };
}

/**
 * Starts the plan: one play at once (a continuous animation loops by itself), then, for "every",
 * another play each interval. Returns the stop function (the loader calls it when the panel opens).
 */
export function runAnimation(plan: AnimationPlan, play: () => void): () => void {
  if (plan.kind === 'none') return () => {};
  play();
  if (plan.kind !== 'every') return () => {};
  const timer = setInterval(play, plan.ms);
  return () => clearInterval(timer);
}

export type PromptPlan = { firstMs: number; showMs: number; repeatMs: number };

type PromptStyling = Pick<WidgetStyling, 'promptEnabled' | 'promptMessage' | 'promptDelaySeconds' | 'promptDurationSeconds' | 'promptRepeatInterval'>;

/** The prompt bubble's timing, or null when it never shows (turned off, or nothing to say). */
export function promptPlan(s: PromptStyling): PromptPlan | null {
  if (!s.promptEnabled || !(s.promptMessage || '').trim()) return null;
  const seconds = (v: number, min: number) => Math.max(min, Number.isFinite(v) ? v : 0) * 1000;
  return { firstMs: seconds(s.promptDelaySeconds, 0), showMs: seconds(s.promptDurationSeconds, 1), repeatMs: seconds(s.promptRepeatInterval, 0) };
}

export type PromptHooks = {
  /** Shows the bubble; false when it may not show now (the chat panel is open). */
  show: () => boolean;
  hide: () => void;
};

/**
 * Shows the bubble `firstMs` after the start for `showMs`, then, when `repeatMs` > 0, again
 * `repeatMs` after it was hidden, and so on. A showing that falls while the panel is open is
 * skipped (the next one is `repeatMs` later). Returns the cancel function (the visitor's ×).
 */
export function schedulePrompt(plan: PromptPlan, hooks: PromptHooks): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const later = (ms: number, fn: () => void) => {
    if (!stopped) timer = setTimeout(fn, ms);
  };
  const next = () => {
    if (plan.repeatMs > 0) later(plan.repeatMs, attempt);
  };
  const attempt = () => {
    if (!hooks.show()) return next();
    later(plan.showMs, () => {
      hooks.hide();
      next();
    });
  };
  later(plan.firstMs, attempt);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
