/** What the server's logger (pino, through plainWhenOnlyMessage) writes: the request log as plain lines, the rest as JSON. */
import { describe, expect, it } from 'vitest';
import { plainWhenOnlyMessage } from '../../src/server/http/siteServer.ts';

describe('plainWhenOnlyMessage', () => {
  it.each([
    ['an error with its details', '{"level":50,"err":{"message":"boom","stack":"..."},"msg":"boom"}\n'],
    ['a warning', '{"level":40,"msg":"careful"}\n'],
    ['an info line with more than its message', '{"level":30,"reqId":"req-1","msg":"incoming request"}\n'],
    ['a line with no message', '{"level":30}\n'],
  ])('keeps %s as pino wrote it', (_case, line) => {
    expect(plainWhenOnlyMessage(line)).toBe(line);
  });

  it.each([
    ['{"level":30,"msg":"GET / 200 1.0ms"}\n', 'GET / 200 1.0ms\n'],
    ['{"level":30,"msg":"POST /Admin/api/events_list 200 0.4ms"}\n', 'POST /Admin/api/events_list 200 0.4ms\n'],
  ])('writes the request line %s as its text', (line, text) => {
    expect(plainWhenOnlyMessage(line)).toBe(text);
  });
});
