import { vi } from 'vitest';

/** Captures what "Export CSV" offers for download (jsdom has no object URLs and does not navigate). */
export function captureDownloads(): { texts(): Promise<string[]>; count(): number } {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:x'));
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { texts: () => Promise.all(blobs.map((b) => b.text())), count: () => blobs.length };
}
