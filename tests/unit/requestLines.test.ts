import { setImmediate as afterThisTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { requestLines } from '../../src/server/http/siteServer.ts';

/** A destination that records each write, as the site server's stdout would receive them. */
function recorder() {
  const writes: string[] = [];
  return { writes, destination: { write: (text: string) => writes.push(text) } };
}

const exitListenersBefore = new Set(process.listeners('exit'));
/** The exit listener requestLines added, taken off again so the test process's exit stays its own. */
function addedExitListener(): () => void {
  const added = process.listeners('exit').filter((listener) => !exitListenersBefore.has(listener));
  expect(added).toHaveLength(1);
  const [listener] = added;
  process.off('exit', listener!);
  return listener as () => void;
}

afterEach(() => {
  for (const listener of process.listeners('exit'))
    if (!exitListenersBefore.has(listener)) process.off('exit', listener);
});

describe('the request lines writer', () => {
  it('writes the lines of one burst of work together, once the burst is done', async () => {
    const { writes, destination } = recorder();
    const log = requestLines(destination);
    log('GET / 200 0.4ms');
    log('GET /branches/ 200 0.3ms');
    log('POST /Admin/api/events_list 200 0.2ms');
    expect(writes).toEqual([]);
    await afterThisTurn();
    expect(writes).toEqual(['GET / 200 0.4ms\nGET /branches/ 200 0.3ms\nPOST /Admin/api/events_list 200 0.2ms\n']);
    log('GET /healthz 200 0.1ms');
    await afterThisTurn();
    expect(writes).toEqual([
      'GET / 200 0.4ms\nGET /branches/ 200 0.3ms\nPOST /Admin/api/events_list 200 0.2ms\n',
      'GET /healthz 200 0.1ms\n',
    ]);
  });

  it('writes nothing when there is nothing to write', async () => {
    const { writes, destination } = recorder();
    requestLines(destination);
    await afterThisTurn();
    addedExitListener()();
    expect(writes).toEqual([]);
  });

  it('writes what is still gathered when the process exits, before the burst is done', () => {
    const { writes, destination } = recorder();
    const log = requestLines(destination);
    const atExit = addedExitListener();
    log('POST /Admin/api/event_details_list 200 1.2ms');
    atExit();
    expect(writes).toEqual(['POST /Admin/api/event_details_list 200 1.2ms\n']);
  });
});
