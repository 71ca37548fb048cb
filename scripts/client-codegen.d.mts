export function publicDocument(doc: unknown): unknown;
export function generateClientTypes(doc: unknown): Promise<string>;
