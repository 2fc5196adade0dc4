/** The model of the HTTP Observatory's rules that the browser tests grade the pages with. */
import { describe, expect, it } from 'vitest';
import { gradeAnswer, gradeFor, type HeaderMap } from '../e2e/observatory.ts';
import { SECURITY_HEADERS } from '../../src/server/securityHeaders.ts';

const URL = 'https://isa-tamilnadu.example.org/';
const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
/** What the site sends with a page. */
const SITE: HeaderMap = {
  ...lower(SECURITY_HEADERS),
  'content-security-policy':
    "default-src 'self';img-src 'self' data:;object-src 'none';base-uri 'self';form-action 'self'; script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def'; frame-ancestors 'none'",
};
const PAGE = '<!doctype html><script type="module" src="/_astro/page.js"></script><script>inline()</script>';

describe('gradeAnswer', () => {
  it("gives the site's headers A+ (125: CSP, referrer policy, frame-ancestors and CORP bonuses)", () => {
    const result = gradeAnswer(SITE, URL, PAGE);
    expect(result.grade).toBe('A+');
    expect(result.score).toBe(125);
  });

  it.each<[string, HeaderMap, string, number]>([
    ['no CSP', { ...SITE, 'content-security-policy': undefined }, 'csp-not-implemented', 75 /* no bonus below 90 */],
    [
      "'unsafe-inline' scripts",
      { ...SITE, 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'" },
      'csp-implemented-with-unsafe-inline',
      80,
    ],
    [
      "'unsafe-inline' beside a hash (ignored by browsers that know hashes)",
      {
        ...SITE,
        'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-abc' 'unsafe-inline'",
      },
      'csp-implemented-with-no-unsafe',
      100 + 5 + 5 + 10,
    ],
    [
      'no script-src, and default-src allowing everything',
      { ...SITE, 'content-security-policy': 'default-src *' },
      'csp-implemented-with-unsafe-inline',
      80,
    ],
    [
      "inline styles only ('unsafe-inline' in style-src)",
      { ...SITE, 'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'" },
      'csp-implemented-with-unsafe-inline-in-style-src-only',
      100 + 0 + 5 + 10,
    ],
    [
      "default-src 'none'",
      { ...SITE, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" },
      'csp-implemented-with-no-unsafe-default-src-none',
      100 + 10 + 5 + 5 + 10,
    ],
  ])('grades a policy with %s', (_, headers, result, score) => {
    const graded = gradeAnswer(headers, URL, PAGE);
    expect(graded.tests['content-security-policy']?.result).toBe(result);
    expect(graded.score).toBe(score);
  });

  it.each<[string, HeaderMap, string, string]>([
    [
      'no HSTS',
      { ...SITE, 'strict-transport-security': undefined },
      'strict-transport-security',
      'hsts-not-implemented',
    ],
    [
      'HSTS shorter than six months',
      { ...SITE, 'strict-transport-security': 'max-age=86400' },
      'strict-transport-security',
      'hsts-implemented-max-age-less-than-six-months',
    ],
    [
      'no nosniff',
      { ...SITE, 'x-content-type-options': undefined },
      'x-content-type-options',
      'x-content-type-options-not-implemented',
    ],
    [
      'an unsafe referrer policy',
      { ...SITE, 'referrer-policy': 'unsafe-url' },
      'referrer-policy',
      'referrer-policy-unsafe',
    ],
    [
      'a cookie without Secure, behind HSTS',
      { ...SITE, 'set-cookie': 'session=1; HttpOnly; SameSite=Lax' },
      'cookies',
      'cookies-without-secure-flag-but-protected-by-hsts',
    ],
    [
      'credentialed CORS for a named origin',
      { ...SITE, 'access-control-allow-origin': 'https://evil.example', 'access-control-allow-credentials': 'true' },
      'cross-origin-resource-sharing',
      'cross-origin-resource-sharing-implemented-with-universal-access',
    ],
    [
      'CORP that lets every site embed the answer',
      { ...SITE, 'cross-origin-resource-policy': 'cross-origin' },
      'cross-origin-resource-policy',
      'corp-implemented-with-cross-origin',
    ],
  ])('takes points away for %s', (_, headers, test, result) => {
    const graded = gradeAnswer(headers, URL, PAGE);
    expect(graded.tests[test]?.result).toBe(result);
    expect(graded.score).toBeLessThan(125);
  });

  it('counts no bonus when the score without bonuses is below 90', () => {
    const graded = gradeAnswer({ ...SITE, 'strict-transport-security': undefined }, URL, PAGE);
    expect(graded.score).toBe(80);
    expect(graded.grade).toBe('B+');
  });

  it('takes points away for scripts from another origin without integrity', () => {
    const page = '<script src="https://cdn.example.net/lib.js"></script>';
    expect(gradeAnswer(SITE, URL, page).tests['subresource-integrity']?.result).toBe(
      'sri-not-implemented-but-external-scripts-loaded-securely',
    );
    const insecure = '<script src="http://cdn.example.net/lib.js"></script>';
    expect(gradeAnswer(SITE, URL, insecure).score).toBe(50);
  });
});

describe('gradeFor', () => {
  it.each([
    [140, 'A+'],
    [100, 'A+'],
    [99, 'A'],
    [90, 'A'],
    [89, 'A-'],
    [75, 'B'],
    [64, 'C+'],
    [24, 'F'],
    [-10, 'F'],
  ])('grades %i as %s', (score, grade) => {
    expect(gradeFor(score)).toBe(grade);
  });
});
