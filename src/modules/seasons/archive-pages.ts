/**
 * The JSON text of archived board pages, kept per page and answered while the board's version stands
 * (decision 335). An archive never changes but by losing users: a user's deletion removes the user's
 * entries and lowers the board's kept size in the same transaction (decision 332), and nothing raises it.
 * The size and the time of archiving are the version, read on every request (one keyed lookup), so a
 * page is never answered from text its store no longer holds, on any instance.
 */
export class ArchivePages {
  /** Page key → the version its text was built for, and the text; in order of last use. */
  private readonly pages = new Map<string, { version: string; body: string }>();

  /** At most `max` pages are kept (~10 KB each at 100 entries); the least recently used goes first. */
  constructor(private readonly max = 1_000) {}

  /** The page's text, if it was built for `version`. */
  get(key: string, version: string): string | undefined {
    const page = this.pages.get(key);
    if (page === undefined || page.version !== version) return undefined;
    this.pages.delete(key);
    this.pages.set(key, page);
    return page.body;
  }

  set(key: string, version: string, body: string): void {
    this.pages.delete(key);
    if (this.pages.size >= this.max) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, { version, body });
  }
}
