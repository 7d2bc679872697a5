import { describe, expect, it } from 'vitest';
import { insertReply, matchReplies, PICKER_SHOWN, slashQuery } from '@/components/live/saved-reply-picker';
import { LIVE_TEXT_MAX, type SavedReply } from '@/lib/live/schema';

const reply = (id: number, title: string, text = `${title} text`): SavedReply => ({ id, title, text, updated_at: '2026-11-27T08:00:00Z' });

describe('the "/" picker of the Live view', () => {
  it('opens on a "/" at the start of the box or after a space or line break, up to the caret', () => {
    expect(slashQuery('/', 1)).toEqual({ start: 0, query: '' });
    expect(slashQuery('/tou', 4)).toEqual({ start: 0, query: 'tou' });
    expect(slashQuery('Sure! /campus tour', 18)).toEqual({ start: 6, query: 'campus tour' });
    expect(slashQuery('Hello\n/fee', 10)).toEqual({ start: 6, query: 'fee' });
    // The caret decides: text after it is not part of the search.
    expect(slashQuery('/tour and more', 5)).toEqual({ start: 0, query: 'tour' });
  });

  it('stays closed inside a word, an address or past a line break', () => {
    expect(slashQuery('and/or', 6)).toBeNull();
    expect(slashQuery('see birch.edu/visit', 19)).toBeNull();
    expect(slashQuery('/tour\nnext line', 15)).toBeNull();
    expect(slashQuery('no slash here', 13)).toBeNull();
  });

  it('matches titles by their words, titles that start with the query first', () => {
    const replies = [reply(1, 'Campus tour'), reply(2, 'Tour for transfer students'), reply(3, 'Application fee'), reply(4, 'Fee waiver')];
    expect(matchReplies(replies, '').map((r) => r.id)).toEqual([3, 1, 4, 2]);
    expect(matchReplies(replies, 'tour').map((r) => r.id)).toEqual([2, 1]);
    expect(matchReplies(replies, 'FEE').map((r) => r.id)).toEqual([4, 3]);
    expect(matchReplies(replies, 'tour transfer').map((r) => r.id)).toEqual([2]);
    expect(matchReplies(replies, 'parking')).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => reply(i, `Reply ${String(i).padStart(2, '0')}`));
    expect(matchReplies(many, 'reply')).toHaveLength(PICKER_SHOWN);
  });

  it('puts the reply where "/query" was and the caret after it, never past a live message', () => {
    expect(insertReply('Hi! /tou', 4, 8, 'Tours run at 10.')).toEqual({ text: 'Hi! Tours run at 10.', caret: 20 });
    expect(insertReply('/fee and thanks', 0, 4, 'The fee is $50.')).toEqual({ text: 'The fee is $50. and thanks', caret: 15 });
    // Two characters of room once "/a" gives its place: the reply is cut there.
    const full = insertReply(`${'x'.repeat(LIVE_TEXT_MAX - 3)} /a`, LIVE_TEXT_MAX - 2, LIVE_TEXT_MAX, 'a long reply');
    expect(full).toEqual({ text: `${'x'.repeat(LIVE_TEXT_MAX - 3)} a `, caret: LIVE_TEXT_MAX });
  });
});
