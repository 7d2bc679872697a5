import { describe, expect, it } from 'vitest';
import { defaultFileName, formatFileSize } from '@/lib/knowledge/file-schema';

describe('file display helpers', () => {
  it('shows sizes as Bytes, KB, MB or GB with two decimals', () => {
    expect(formatFileSize(842)).toBe('842 Bytes');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25.00 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.00 GB');
  });

  it('defaults the name to the file name without its extension', () => {
    expect(defaultFileName('Viewbook 2027.pdf')).toBe('Viewbook 2027');
    expect(defaultFileName('notes')).toBe('notes');
    expect(defaultFileName('archive.tar.md')).toBe('archive.tar');
  });
});
