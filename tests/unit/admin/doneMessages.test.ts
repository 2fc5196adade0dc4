import { describe, expect, it } from 'vitest';
import { doneMessage } from '../../../src/server/admin/doneMessages.ts';

describe('doneMessage', () => {
  it.each([
    ['valueOf'],
    ['hasOwnProperty'],
    ['constructor'],
    ['__proto__'],
    ['toString'],
    ['isPrototypeOf'],
    ['nothing known'],
    [''],
  ])('finds no confirmation for ?done=%s', (done) => {
    expect(doneMessage(new URLSearchParams({ done }))).toBeUndefined();
  });

  it('finds none without ?done=', () => {
    expect(doneMessage(new URLSearchParams())).toBeUndefined();
  });

  it.each([
    ['published', 'Published: the event is on the public site now.'],
    ['message-deleted', 'The message was deleted.'],
    ['user-removed', 'The account was removed; its sessions have ended.'],
  ])('says what ?done=%s did', (done, message) => {
    expect(doneMessage(new URLSearchParams({ done }))).toBe(message);
  });
});
