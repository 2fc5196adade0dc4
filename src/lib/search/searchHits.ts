/**
 * Turns the answers of Pagefind's browser API into the hits the search page lists. Pagefind
 * returns one result per page (or content record), with `sub_results` for the sections of the
 * page that start at a heading with an id: on the Branches page, one per bearer
 * (/branches#salem-2). A page's matching sections are listed as hits of their own; a record
 * without sections (a webinar, the Contact Us page) is one hit.
 *
 * Pagefind's answers are checked here, never trusted: the module is loaded at run time from
 * /pagefind/ and has no types.
 */

export interface ExcerptPart {
  text: string;
  /** A word that matched the search (Pagefind wraps them in <mark>). */
  mark: boolean;
}

export interface SearchHit {
  url: string;
  title: string;
  /** The page or kind the hit belongs to: "Our Branches", "Webinars". */
  context: string;
  excerpt: ExcerptPart[];
  /** Another site (a webinar's recording): opened in a new tab. */
  external: boolean;
}

interface SubResult {
  title: string;
  url: string;
  excerpt: string;
  anchored: boolean;
}

export interface ResultData {
  url: string;
  excerpt: string;
  title: string;
  section: string;
  /** Listed before results of a higher order (the page's `order` meta; 2 when it has none). */
  order: number;
  subResults: SubResult[];
}

/** The order of results whose page sets none: after the state office bearers (order 1). */
const DEFAULT_ORDER = 2;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * An excerpt ("Dr. Fictional <mark>Saranya</mark>. Secretary") as text parts, the marked ones
 * flagged: shown as text, never as HTML, whatever the index holds. Other tags are dropped.
 */
export function excerptParts(html: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/gi;
  let last = 0;
  const push = (raw: string, mark: boolean) => {
    const text = decodeEntities(raw.replace(/<[^>]*>/g, ''));
    if (text) parts.push({ text, mark });
  };
  for (const match of html.matchAll(pattern)) {
    push(html.slice(last, match.index), false);
    push(match[1] ?? '', true);
    last = match.index + match[0].length;
  }
  push(html.slice(last), false);
  return parts;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A result's data as Pagefind's `result.data()` answers it, checked; undefined when unusable. */
export function readResultData(value: unknown): ResultData | undefined {
  if (!isRecord(value) || typeof value['url'] !== 'string') return undefined;
  const meta = isRecord(value['meta']) ? value['meta'] : {};
  const filters = isRecord(value['filters']) ? value['filters'] : {};
  const sections = Array.isArray(filters['section']) ? filters['section'] : [];
  const subResults = (Array.isArray(value['sub_results']) ? value['sub_results'] : []).flatMap((sub) => {
    if (!isRecord(sub) || typeof sub['url'] !== 'string') return [];
    const anchored = isRecord(sub['anchor']) && typeof sub['anchor']['id'] === 'string';
    return [{ title: textOf(sub['title']), url: sub['url'], excerpt: textOf(sub['excerpt']), anchored }];
  });
  return {
    url: value['url'],
    excerpt: textOf(value['excerpt']),
    title: textOf(meta['title']),
    section: textOf(sections[0]),
    order: Number.parseInt(textOf(meta['order']), 10) || DEFAULT_ORDER,
    subResults,
  };
}

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/**
 * The excerpt without the title it starts with ("Dr. X. Secretary, Salem branch." under the
 * title "Dr. X" reads "Secretary, Salem branch."): the title is shown just above it.
 */
export function withoutLeadingTitle(parts: readonly ExcerptPart[], title: string): ExcerptPart[] {
  const plain = parts.map((part) => part.text).join('');
  const lead = /^[\s.,:;]*/.exec(plain.slice(title.length))?.[0] ?? '';
  if (!title || !plain.startsWith(title) || lead === '' || plain.length === title.length + lead.length) {
    return [...parts];
  }
  let skip = title.length + lead.length;
  const rest: ExcerptPart[] = [];
  for (const part of parts) {
    if (skip >= part.text.length) {
      skip -= part.text.length;
      continue;
    }
    rest.push({ ...part, text: part.text.slice(skip) });
    skip = 0;
  }
  return rest;
}

/**
 * The hits of the results: each page's matching sections, or the page; in Pagefind's order of
 * relevance, except that a page of a lower `order` comes first (the state office bearers before
 * the 80 branch bearers, whose many matches would otherwise rank their page higher).
 */
export function searchHits(results: readonly ResultData[]): SearchHit[] {
  const ordered = [...results].sort((one, other) => one.order - other.order);
  return ordered.flatMap((result) => {
    const sections = result.subResults.filter((sub) => sub.anchored);
    if (sections.length > 0) {
      return sections.map((sub) => ({
        url: sub.url,
        title: sub.title || result.title,
        context: result.title,
        excerpt: withoutLeadingTitle(excerptParts(sub.excerpt), sub.title),
        external: isExternal(sub.url),
      }));
    }
    return [
      {
        url: result.url,
        title: result.title || result.url,
        context: result.section,
        excerpt: excerptParts(result.excerpt),
        external: isExternal(result.url),
      },
    ];
  });
}
