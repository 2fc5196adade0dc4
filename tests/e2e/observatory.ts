/**
 * The Mozilla (MDN) HTTP Observatory's grading rules, for the headers of one answer, so that
 * tests can grade the site's pages the way https://developer.mozilla.org/en-US/observatory
 * would once it is online. Modelled on the rules of mdn/mdn-http-observatory (its analyzer's tests
 * and its grader's charts.js): every test starts from 100 and adds its modifier; bonuses count
 * only when the score without them is already 90 or more; 100 and above is A+.
 *
 * Not modelled, because they depend on the deployment rather than on this server: the
 * redirection test (HTTP to HTTPS is the reverse proxy's job), HSTS preloading (a bonus), and
 * the CORS test's probe of crossdomain.xml files (the site serves none).
 */

interface ObservatoryTest {
  result: string;
  modifier: number;
}

export interface ObservatoryGrade {
  score: number;
  grade: string;
  tests: Record<string, ObservatoryTest>;
}

/** Header names in lower case, as Playwright and fetch give them; repeated headers joined by ", " or "\n". */
export type HeaderMap = Readonly<Record<string, string | undefined>>;

const GRADES: readonly [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];
const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;
const SIX_MONTHS = 15768000;

const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);

type Policy = Map<string, Set<string>>;

function parsePolicy(value: string | undefined): Policy {
  const policy: Policy = new Map();
  // Several policies (repeated headers) arrive joined by commas; the first to set a directive wins.
  for (const part of (value ?? '').split(/[,;]/)) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name || policy.has(name.toLowerCase())) continue;
    policy.set(name.toLowerCase(), new Set(sources.map((source) => source.toLowerCase())));
  }
  return policy;
}

function withoutInlineWhenHashed(sources: Set<string>): Set<string> {
  const hashed = [...sources].some((source) => /^'(sha256|sha384|sha512|nonce)-/.test(source));
  return hashed ? new Set([...sources].filter((source) => source !== "'unsafe-inline'")) : sources;
}

function cspTest(policy: Policy): ObservatoryTest {
  if (policy.size === 0) return { result: 'csp-not-implemented', modifier: -25 };
  const fallback = policy.get('default-src') ?? new Set(['*']);
  const script = withoutInlineWhenHashed(policy.get('script-src') ?? fallback);
  const style = withoutInlineWhenHashed(policy.get('style-src') ?? fallback);
  const object = policy.get('object-src') ?? fallback;
  const all = [...policy.values()].flatMap((sources) => [...sources]);
  if ([...script].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s)) || [...object].some((s) => BROAD.has(s))) {
    return { result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  }
  if (all.some((source) => source.startsWith('http:') || source.startsWith('ftp:'))) {
    return { result: 'csp-implemented-with-insecure-scheme', modifier: -20 };
  }
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) {
    return { result: 'csp-implemented-with-unsafe-eval', modifier: -10 };
  }
  if ([...style].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s))) {
    return { result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 };
  }
  const defaultNone = policy.get('default-src');
  if (defaultNone?.size === 1 && defaultNone.has("'none'")) {
    return { result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 };
  }
  return { result: 'csp-implemented-with-no-unsafe', modifier: 5 };
}

function cookiesTest(setCookie: string | undefined, hasHsts: boolean): ObservatoryTest {
  const cookies = (setCookie ?? '').split('\n').filter((line) => line.trim());
  if (cookies.length === 0) return { result: 'cookies-not-found', modifier: 0 };
  const attributes = cookies.map((cookie) => cookie.split(';').map((part) => part.trim().toLowerCase()));
  const sameSite = attributes.map((parts) => parts.find((part) => part.startsWith('samesite='))?.slice(9));
  if (sameSite.some((value) => value !== undefined && value !== 'strict' && value !== 'lax' && value !== 'none')) {
    return { result: 'cookies-samesite-flag-invalid', modifier: -20 };
  }
  if (attributes.some((parts) => !parts.includes('secure'))) {
    return hasHsts
      ? { result: 'cookies-without-secure-flag-but-protected-by-hsts', modifier: -5 }
      : { result: 'cookies-without-secure-flag', modifier: -20 };
  }
  const allLocked = attributes.every((parts, index) => parts.includes('httponly') && sameSite[index] !== undefined);
  return allLocked
    ? { result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 }
    : { result: 'cookies-secure-with-httponly-sessions', modifier: 0 };
}

function referrerPolicyTest(value: string | undefined): ObservatoryTest {
  if (!value) return { result: 'referrer-policy-not-implemented', modifier: 0 };
  const PRIVATE = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const UNSAFE = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  // The last policy the browser recognises is the one it uses.
  const known = value
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => PRIVATE.includes(token) || UNSAFE.includes(token));
  const used = known.at(-1);
  if (used === undefined) return { result: 'referrer-policy-header-invalid', modifier: -5 };
  return PRIVATE.includes(used)
    ? { result: 'referrer-policy-private', modifier: 5 }
    : { result: 'referrer-policy-unsafe', modifier: -5 };
}

function hstsTest(value: string | undefined): ObservatoryTest {
  if (!value) return { result: 'hsts-not-implemented', modifier: -20 };
  const maxAge = /(?:^|;)\s*max-age="?(\d+)"?\s*(?:;|$)/i.exec(value)?.[1];
  if (maxAge === undefined) return { result: 'hsts-header-invalid', modifier: -20 };
  return Number(maxAge) >= SIX_MONTHS
    ? { result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
    : { result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 };
}

function contentTypeOptionsTest(value: string | undefined): ObservatoryTest {
  if (!value) return { result: 'x-content-type-options-not-implemented', modifier: -5 };
  return value.trim().toLowerCase() === 'nosniff'
    ? { result: 'x-content-type-options-nosniff', modifier: 0 }
    : { result: 'x-content-type-options-header-invalid', modifier: -5 };
}

function frameOptionsTest(value: string | undefined, policy: Policy): ObservatoryTest {
  if (policy.has('frame-ancestors')) return { result: 'x-frame-options-implemented-via-csp', modifier: 5 };
  const xfo = value?.trim().toLowerCase();
  if (!xfo) return { result: 'x-frame-options-not-implemented', modifier: -20 };
  if (xfo === 'deny' || xfo === 'sameorigin') return { result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  if (xfo.startsWith('allow-from')) return { result: 'x-frame-options-allow-from-origin', modifier: 0 };
  return { result: 'x-frame-options-header-invalid', modifier: -20 };
}

function resourcePolicyTest(value: string | undefined): ObservatoryTest {
  const corp = value?.trim().toLowerCase();
  if (!corp) return { result: 'corp-not-implemented', modifier: 0 };
  if (corp === 'same-origin') return { result: 'corp-implemented-with-same-origin', modifier: 10 };
  if (corp === 'same-site') return { result: 'corp-implemented-with-same-site', modifier: 10 };
  if (corp === 'cross-origin') return { result: 'corp-implemented-with-cross-origin', modifier: 0 };
  return { result: 'corp-header-invalid', modifier: -5 };
}

function corsTest(allowOrigin: string | undefined, allowCredentials: string | undefined): ObservatoryTest {
  if (!allowOrigin) return { result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  if (allowOrigin.trim() !== '*' && allowCredentials?.trim().toLowerCase() === 'true') {
    return { result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50 };
  }
  return { result: 'cross-origin-resource-sharing-implemented-with-public-access', modifier: 0 };
}

function subresourceIntegrityTest(html: string | undefined, pageUrl: URL): ObservatoryTest {
  if (html === undefined) return { result: 'sri-not-implemented-response-not-html', modifier: 0 };
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((match) => match[1] ?? '')
    .flatMap((attributes) => {
      const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attributes)?.[1];
      return src ? [{ url: new URL(src, pageUrl), integrity: /\bintegrity=/i.test(attributes) }] : [];
    });
  if (scripts.length === 0) return { result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0 };
  const external = scripts.filter((script) => script.url.origin !== pageUrl.origin);
  if (external.some((script) => script.url.protocol !== 'https:')) {
    return external.every((script) => script.integrity)
      ? { result: 'sri-implemented-but-external-scripts-not-loaded-securely', modifier: -20 }
      : { result: 'sri-not-implemented-and-external-scripts-not-loaded-securely', modifier: -50 };
  }
  if (external.length > 0) {
    return external.every((script) => script.integrity)
      ? { result: 'sri-implemented-and-external-scripts-loaded-securely', modifier: 5 }
      : { result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5 };
  }
  return scripts.every((script) => script.integrity)
    ? { result: 'sri-implemented-and-all-scripts-loaded-securely', modifier: 5 }
    : { result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 };
}

export function gradeFor(score: number): string {
  const floor = Math.min(Math.max(score, 0) - (Math.max(score, 0) % 5), 100);
  return GRADES.find(([minimum]) => floor >= minimum)?.[1] ?? 'F';
}

/**
 * Grades one answer: its headers and, for a page, its HTML (for the Subresource Integrity test).
 * `url` is where the page lives; scripts on the same origin count as loaded securely.
 */
export function gradeAnswer(headers: HeaderMap, url: string, html?: string): ObservatoryGrade {
  const policy = parsePolicy(headers['content-security-policy']);
  const hasHsts = Boolean(headers['strict-transport-security']);
  const tests: Record<string, ObservatoryTest> = {
    'content-security-policy': cspTest(policy),
    cookies: cookiesTest(headers['set-cookie'], hasHsts),
    'cross-origin-resource-sharing': corsTest(
      headers['access-control-allow-origin'],
      headers['access-control-allow-credentials'],
    ),
    'referrer-policy': referrerPolicyTest(headers['referrer-policy']),
    'strict-transport-security': hstsTest(headers['strict-transport-security']),
    'subresource-integrity': subresourceIntegrityTest(html, new URL(url)),
    'x-content-type-options': contentTypeOptionsTest(headers['x-content-type-options']),
    'x-frame-options': frameOptionsTest(headers['x-frame-options'], policy),
    'cross-origin-resource-policy': resourcePolicyTest(headers['cross-origin-resource-policy']),
  };
  const modifiers = Object.values(tests).map((test) => test.modifier);
  const uncurved = 100 + modifiers.filter((modifier) => modifier < 0).reduce((sum, value) => sum + value, 0);
  const withExtraCredit = 100 + modifiers.reduce((sum, value) => sum + value, 0);
  const score = Math.max(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved, 0);
  return { score, grade: gradeFor(score), tests };
}
