/**
 * The request log's writer. Writing to standard output is synchronous when it is a file or a pipe
 * (as under a process manager), and one write per request cost the server a fifth of its
 * throughput; lines are therefore gathered and written together once the current burst of work
 * is done (setImmediate), and at the latest when the process exits. Each request is still one line.
 */
import type { Writable } from 'node:stream';

export function createRequestLog(stream: Pick<Writable, 'write'> = process.stdout): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    stream.write(text);
  };
  process.once('exit', flush);
  return (line) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(line);
  };
}
