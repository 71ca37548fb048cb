import { describe, expect, it } from 'vitest';
import { ArchivePages } from './archive-pages.js';

describe('ArchivePages', () => {
  it('answers a page only for the version it was built for', () => {
    const pages = new ArchivePages();
    pages.set('p', '3:100', 'three');
    expect(pages.get('p', '3:100')).toBe('three');
    expect(pages.get('p', '2:100')).toBeUndefined();
    expect(pages.get('q', '3:100')).toBeUndefined();
    pages.set('p', '2:100', 'two');
    expect(pages.get('p', '2:100')).toBe('two');
  });

  it('keeps at most its bound, dropping the page used least recently', () => {
    const pages = new ArchivePages(2);
    pages.set('a', 'v', 'A');
    pages.set('b', 'v', 'B');
    expect(pages.get('a', 'v')).toBe('A'); // a is now the most recent
    pages.set('c', 'v', 'C');
    expect(pages.get('b', 'v')).toBeUndefined();
    expect(pages.get('a', 'v')).toBe('A');
    expect(pages.get('c', 'v')).toBe('C');
  });
});
