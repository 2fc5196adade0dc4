import { describe, expect, it } from 'vitest';
import { createRequestLog } from '../../src/server/http/requestLog.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createRequestLog', () => {
  it('writes the lines of one burst together, one line each, and the next burst after', async () => {
    const writes: string[] = [];
    const log = createRequestLog({ write: (text: string) => writes.push(text) > 0 });
    log('GET / 200 1.0ms');
    log('POST /Admin/api/events_list 200 0.4ms');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['GET / 200 1.0ms\nPOST /Admin/api/events_list 200 0.4ms\n']);
    log('GET /branches 200 2.0ms');
    await nextTurn();
    expect(writes).toEqual(['GET / 200 1.0ms\nPOST /Admin/api/events_list 200 0.4ms\n', 'GET /branches 200 2.0ms\n']);
  });
});
