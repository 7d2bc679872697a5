import { describe, expect, it } from 'vitest';
import { handoffRequestSchema } from '@/lib/chat/schema';
import { LEAD_VALUE_SCHEMAS } from '@/lib/leads/values';
import { prospectCreateSchema } from '@/lib/prospects/schema';
import { logError, logValue } from '@/lib/system/log';
import { stripBidiControls } from '@/lib/text/controls';

describe('text a visitor controls', () => {
  it('log values stay on one line and show every control as an escape', () => {
    const forged = 'Eve\r\nBcc: victim@example\r\n[lantern] FORGED LOG LINE\u2028x\u0085y\u202Ez\\n';
    const line = logValue(forged);
    expect(line).not.toMatch(/[\r\n\u2028\u0085\u202e]/);
    expect(line).toBe('Eve\\r\\nBcc: victim@example\\r\\n[lantern] FORGED LOG LINE\\u2028x\\u0085y\\u202ez\\\\n');
    const err = new Error('bad value "a\nb"');
    expect(logError(err)).not.toMatch(/\n/);
    expect(logError(err)).toContain('bad value "a\\nb"');
  });

  it('names refuse line breaks and lose bidirectional controls at the schema', () => {
    const first = LEAD_VALUE_SCHEMAS.first_name;
    expect(first.safeParse('Eve\r\nBcc: x').success).toBe(false);
    expect(first.safeParse('Eve\tx').error?.issues[0]?.message).toBe('First name cannot contain line breaks or other control characters');
    expect(first.parse('invoice\u202Egnp.exe')).toBe('invoicegnp.exe');
    expect(first.parse('  José\u200F ')).toBe('José');
    const handoff = handoffRequestSchema.safeParse({ session_id: 's1', name: '\u202E\u2066', email: 'a@b.co', question: 'Hi' });
    expect(handoff.error?.issues.map((i) => i.message)).toEqual(['Please enter your name']);
    expect(handoffRequestSchema.parse({ session_id: 's1', name: 'Ana \u202EMaría', email: 'a@b.co', question: 'Hi' }).name).toBe('Ana María');
    expect(prospectCreateSchema.safeParse({ first_name: 'A\nB', last_name: 'C' }).success).toBe(false);
    expect(prospectCreateSchema.parse({ first_name: 'Eve\u202E', last_name: 'Lee', address_city: 'Spring\nfield' })).toMatchObject({ first_name: 'Eve', address_city: 'Spring field' });
  });

  it('strips every bidirectional control and nothing else', () => {
    const all = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(stripBidiControls(`a${all}b`)).toBe('ab');
    expect(stripBidiControls('مرحبا שלום Zoë 李 \u200d')).toBe('مرحبا שלום Zoë 李 \u200d');
  });
});
