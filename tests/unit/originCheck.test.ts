import { describe, expect, it } from 'vitest';
import { isCrossSiteFormPost } from '../../src/server/http/originCheck.ts';

const SITE = 'https://isa-tamilnadu.example.org';

function request(method: string, headers: Record<string, string>) {
  // A string body would make Request add "text/plain" itself: only send one with a Content-Type.
  const body = method !== 'GET' && 'Content-Type' in headers ? { body: 'a=1' } : {};
  return new Request(`${SITE}/Contact-Us`, { method, headers, ...body });
}

describe('isCrossSiteFormPost', () => {
  it.each([
    [
      'a form post from another site',
      'POST',
      { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example.net' },
      true,
    ],
    ['a form post with no Origin', 'POST', { 'Content-Type': 'application/x-www-form-urlencoded' }, true],
    [
      'a multipart post from another site',
      'POST',
      { 'Content-Type': 'multipart/form-data; boundary=x', Origin: 'https://evil.example.net' },
      true,
    ],
    [
      'a text/plain post from another site',
      'POST',
      { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'https://evil.example.net' },
      true,
    ],
    [
      'a form post from the same origin over http (scheme differs)',
      'POST',
      { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://isa-tamilnadu.example.org' },
      true,
    ],
    [
      'a form post from the site itself',
      'POST',
      { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE },
      false,
    ],
    [
      'a JSON post from anywhere (browsers must ask first)',
      'POST',
      { 'Content-Type': 'application/json', Origin: 'https://evil.example.net' },
      false,
    ],
    ['a body-less POST with no Content-Type (the events_list call)', 'POST', {}, false],
    ['a GET from another site', 'GET', { Origin: 'https://evil.example.net' }, false],
  ])('%s: %s', (_what, method, headers, expected) => {
    expect(isCrossSiteFormPost(request(method, headers), SITE)).toBe(expected);
  });
});
