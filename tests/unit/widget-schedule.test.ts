import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANIMATION_ONCE as STYLING_ONCE } from '@/lib/widget/styling';
import { ANIMATION_ONCE, animationPlan, promptPlan, runAnimation, schedulePrompt, type PromptPlan } from '@/widget/schedule';

// The button's animation interval and the prompt bubble's timing, as the loader runs them.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('animationPlan', () => {
  it('0 is continuous, 9999999 once on page load, anything else every N seconds', () => {
    expect(ANIMATION_ONCE).toBe(STYLING_ONCE);
    expect(animationPlan('pulse', 0, false)).toEqual({ kind: 'continuous' });
    expect(animationPlan('pulse', 9999999, false)).toEqual({ kind: 'once' });
    expect(animationPlan('bounce', 5, false)).toEqual({ kind: 'every', ms: 5000 });
    expect(animationPlan('glow', 120, false)).toEqual({ kind: 'every', ms: 120_000 });
  });

  it('does not animate for "none" or when the visitor asked for reduced motion', () => {
    expect(animationPlan('none', 5, false)).toEqual({ kind: 'none' });
    expect(animationPlan('pulse', 0, true)).toEqual({ kind: 'none' });
    expect(animationPlan('pulse', 5, true)).toEqual({ kind: 'none' });
  });

  it('plays a nonsense interval once', () => {
    expect(animationPlan('pulse', -3, false)).toEqual({ kind: 'once' });
    expect(animationPlan('pulse', Number.NaN, false)).toEqual({ kind: 'once' });
  });
});

describe('runAnimation', () => {
  it('plays at once and then every interval until stopped', () => {
    const play = vi.fn();
    const stop = runAnimation({ kind: 'every', ms: 5000 }, play);
    expect(play).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4999);
    expect(play).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(play).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(play).toHaveBeenCalledTimes(4);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(play).toHaveBeenCalledTimes(4);
  });

  it('plays once for "once" and "continuous" (the CSS loops), never for "none"', () => {
    for (const kind of ['once', 'continuous'] as const) {
      const play = vi.fn();
      runAnimation({ kind }, play);
      vi.advanceTimersByTime(60_000);
      expect(play).toHaveBeenCalledTimes(1);
    }
    const play = vi.fn();
    runAnimation({ kind: 'none' }, play);
    vi.advanceTimersByTime(60_000);
    expect(play).not.toHaveBeenCalled();
  });
});

const styling = { promptEnabled: true, promptMessage: 'Questions? Ask me!', promptDelaySeconds: 30, promptDurationSeconds: 10, promptRepeatInterval: 0 };

describe('promptPlan', () => {
  it('turns the seconds into milliseconds', () => {
    expect(promptPlan(styling)).toEqual({ firstMs: 30_000, showMs: 10_000, repeatMs: 0 });
    expect(promptPlan({ ...styling, promptDelaySeconds: 0, promptRepeatInterval: 60 })).toEqual({ firstMs: 0, showMs: 10_000, repeatMs: 60_000 });
  });

  it('is off when disabled or when there is nothing to say', () => {
    expect(promptPlan({ ...styling, promptEnabled: false })).toBeNull();
    expect(promptPlan({ ...styling, promptMessage: '   ' })).toBeNull();
  });
});

/** Records the times (ms since start) at which the bubble showed and hid. */
function watch(plan: PromptPlan, panelOpen: (t: number) => boolean = () => false) {
  const log: string[] = [];
  const started = Date.now();
  const cancel = schedulePrompt(plan, {
    show: () => {
      const t = Date.now() - started;
      if (panelOpen(t)) return false;
      log.push(`show@${t}`);
      return true;
    },
    hide: () => log.push(`hide@${Date.now() - started}`),
  });
  return { log, cancel };
}

describe('schedulePrompt', () => {
  it('shows after the delay for the duration, once when it does not repeat', () => {
    const { log } = watch({ firstMs: 30_000, showMs: 10_000, repeatMs: 0 });
    vi.advanceTimersByTime(600_000);
    expect(log).toEqual(['show@30000', 'hide@40000']);
  });

  it('shows again the repeat interval after it was hidden', () => {
    const { log } = watch({ firstMs: 5000, showMs: 10_000, repeatMs: 30_000 });
    vi.advanceTimersByTime(100_000);
    expect(log).toEqual(['show@5000', 'hide@15000', 'show@45000', 'hide@55000', 'show@85000', 'hide@95000']);
  });

  it('skips a showing that falls while the chat panel is open', () => {
    const { log } = watch({ firstMs: 5000, showMs: 10_000, repeatMs: 30_000 }, (t) => t >= 40_000 && t < 60_000);
    vi.advanceTimersByTime(100_000);
    expect(log).toEqual(['show@5000', 'hide@15000', 'show@75000', 'hide@85000']);
  });

  it('never shows while the panel is open and there is no repeat', () => {
    const { log } = watch({ firstMs: 0, showMs: 5000, repeatMs: 0 }, () => true);
    vi.advanceTimersByTime(600_000);
    expect(log).toEqual([]);
  });

  it('stops for good when the visitor dismisses it', () => {
    const { log, cancel } = watch({ firstMs: 1000, showMs: 10_000, repeatMs: 30_000 });
    vi.advanceTimersByTime(2000);
    cancel();
    vi.advanceTimersByTime(600_000);
    expect(log).toEqual(['show@1000']);
  });
});
