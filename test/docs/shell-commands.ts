/**
 * The shell commands of a markdown document, read as a person would type them: `export NAME=value`,
 * `curl …` (with -X, -H, -d), line continuations and comments. Nothing is spawned: the quick-start
 * test turns a curl command into a fetch against an in-process server (test/docs/quickstart.test.ts).
 */

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The words of one command line, with quotes removed and $NAME / ${NAME} expanded ('…' stays literal). */
export function shellWords(line: string, vars: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const expand = (text: string) => text.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_m, name: string) => vars[name] ?? '');
  for (let i = 0; i < line.length;) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      const end = line.indexOf('"', i + 1);
      word = (word ?? '') + expand(line.slice(i + 1, end));
      i = end + 1;
    } else {
      const m = /^[^\s'"]+/.exec(line.slice(i))![0];
      word = (word ?? '') + expand(m);
      i += m.length;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** The commands of a ```sh block: continuation lines joined, comments and blank lines dropped. */
export function commandsOf(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.replace(/(^|\s)#.*$/, '').trim())
    .filter((l) => l !== '');
}

/** A curl command as the request it sends. */
export function curlRequest(words: string[]): CurlRequest {
  const request: CurlRequest = { method: '', url: '', headers: {}, body: undefined };
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-X' || w === '--request') request.method = words[++i]!;
    else if (w === '-H' || w === '--header') {
      const [name, ...rest] = words[++i]!.split(':');
      request.headers[name!.trim().toLowerCase()] = rest.join(':').trim();
    } else if (w === '-d' || w === '--data' || w === '--data-raw') request.body = words[++i]!;
    else if (w.startsWith('-'))
      continue; // -s, -S, -f: output options
    else request.url = w.startsWith('http') ? w : `http://${w}`;
  }
  request.method ||= request.body === undefined ? 'GET' : 'POST';
  return request;
}

/** The fenced blocks of a markdown document, in order: their info string and text. */
export function fencedBlocks(markdown: string): Array<{ info: string; text: string }> {
  const blocks: Array<{ info: string; text: string }> = [];
  const re = /^```([^\n]*)\n([\s\S]*?)^```\s*$/gm;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) blocks.push({ info: m[1]!.trim(), text: m[2]! });
  return blocks;
}
