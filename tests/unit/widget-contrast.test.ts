import { describe, expect, it } from 'vitest';
import { contrastRatio, readableText } from '@/lib/widget/contrast';
import { stylingSchema } from '@/lib/widget/styling';
import { chatStyleVars } from '@/widget/chat-view';

const defaults = stylingSchema.parse({});

describe('contrast', () => {
  it('measures WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The spec's default header: white on #007bff.
    expect(contrastRatio('#ffffff', '#007bff')).toBeCloseTo(3.98, 2);
    expect(contrastRatio('nope', '#ffffff')).toBe(1);
  });

  it('keeps a readable pair and replaces one below the minimum with black or white', () => {
    expect(readableText('#ffffff', '#007bff')).toBe('#ffffff');
    expect(readableText('#ffff00', '#ffffff')).toBe('#111111');
    expect(readableText('#222222', '#000000')).toBe('#ffffff');
    expect(readableText('#ffffff', '#007bff', 4.5)).toBe('#111111');
  });
});

describe('the chat frame never draws a pair below 3:1', () => {
  const pairs = [
    ['--ht', '--p'],
    ['--at', '--ab'],
    ['--ut', '--ub'],
    ['--bt', '--p'],
    ['--it', '--ib'],
    ['--qit', '--qib'],
    ['--ql', '--qs'],
    ['--qlt', '--qlb'],
    ['--qt', '--qs'],
  ];

  it('keeps the default header white (large text) and makes normal text on the default blue readable', () => {
    const vars = chatStyleVars(defaults);
    expect(vars['--ht']).toBe('#ffffff');
    expect(vars['--p']).toBe('#007bff');
    for (const [text, bg] of pairs.slice(1)) expect(contrastRatio(vars[text], vars[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it('corrects unreadable choices in light and dark themes', () => {
    const s = { ...defaults, primaryColor: '#ffff00', headerTextColor: '#ffffff', aiBubbleBgColor: '#101010', aiBubbleTextColor: '#202020', userBubbleTextColor: '#007bff', quickCardSecondaryColor: '#000000', quickCardLinkColor: '#000080' };
    for (const dark of [false, true]) {
      const vars = chatStyleVars(s, dark);
      expect(vars['--ht']).toBe('#111111');
      for (const [text, bg] of pairs) expect(contrastRatio(vars[text], vars[bg])).toBeGreaterThanOrEqual(3);
    }
  });
});
