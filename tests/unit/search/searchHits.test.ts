import { describe, expect, it } from 'vitest';
import { pageUrl } from '../../../src/integrations/searchIndex.ts';
import {
  excerptParts,
  readResultData,
  searchHits,
  withoutLeadingTitle,
  type ResultData,
} from '../../../src/lib/search/searchHits.ts';
import { contactRecord, webinarRecord } from '../../../src/lib/search/searchRecords.ts';

describe('excerptParts', () => {
  it.each([
    ['plain text', 'Secretary, Salem branch.', [{ text: 'Secretary, Salem branch.', mark: false }]],
    [
      'a marked word',
      'Dr. Fictional <mark>Saranya.</mark> Secretary',
      [
        { text: 'Dr. Fictional ', mark: false },
        { text: 'Saranya.', mark: true },
        { text: ' Secretary', mark: false },
      ],
    ],
    [
      'entities, decoded as text',
      'Q&amp;A on &lt;b&gt; &#39;tags&#39; &#x26; more',
      [{ text: "Q&A on <b> 'tags' & more", mark: false }],
    ],
    [
      'markup other than <mark>, dropped',
      '<img src=x onerror=alert(1)><mark>Salem</mark><script>x</script>',
      [
        { text: 'Salem', mark: true },
        { text: 'x', mark: false },
      ],
    ],
    ['nothing', '', []],
  ])('%s', (_case, html, parts) => {
    expect(excerptParts(html)).toEqual(parts);
  });
});

describe('withoutLeadingTitle', () => {
  it.each([
    [
      'drops the title and the stop after it',
      'Dr. X. Secretary, <mark>Salem</mark> branch.',
      'Dr. X',
      'Secretary, Salem branch.',
    ],
    [
      'even inside a marked word',
      'Dr. Fictional <mark>Saranya.</mark> Secretary.',
      'Dr. Fictional Saranya',
      'Secretary.',
    ],
    ['keeps an excerpt that is only the title', '<mark>Salem.</mark>', 'Salem', 'Salem.'],
    ['keeps an excerpt that starts otherwise', 'President, Salem branch.', 'Dr. X', 'President, Salem branch.'],
    ['keeps a title that runs on into a word', 'Salembranch', 'Salem', 'Salembranch'],
  ])('%s', (_case, html, title, text) => {
    expect(
      withoutLeadingTitle(excerptParts(html), title)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});

describe('readResultData', () => {
  it('reads what Pagefind answers, and refuses what is not a result', () => {
    expect(readResultData(null)).toBeUndefined();
    expect(readResultData({ excerpt: 'no url' })).toBeUndefined();
    expect(
      readResultData({
        url: '/branches',
        excerpt: 'x',
        meta: { title: 'Our Branches' },
        filters: { section: ['People'] },
        sub_results: [
          { title: 'Dr. X', url: '/branches#salem-2', excerpt: 'e', anchor: { id: 'salem-2' } },
          { title: 'Our Branches', url: '/branches', excerpt: 'e' },
          { title: 'no url' },
          'not a record',
        ],
      }),
    ).toEqual({
      url: '/branches',
      excerpt: 'x',
      title: 'Our Branches',
      section: 'People',
      order: 2,
      subResults: [
        { title: 'Dr. X', url: '/branches#salem-2', excerpt: 'e', anchored: true },
        { title: 'Our Branches', url: '/branches', excerpt: 'e', anchored: false },
      ],
    });
    expect(readResultData({ url: '/Office-Brearers', meta: { order: '1' } })?.order).toBe(1);
  });
});

describe('searchHits', () => {
  const result = (overrides: Partial<ResultData>): ResultData => ({
    url: '/',
    excerpt: '',
    title: '',
    section: '',
    order: 2,
    subResults: [],
    ...overrides,
  });
  const branches = result({
    url: '/branches',
    title: 'Our Branches',
    section: 'People',
    subResults: [
      { title: 'Our Branches', url: '/branches', excerpt: 'top', anchored: false },
      { title: 'Salem', url: '/branches#salem-title', excerpt: '<mark>Salem.</mark>', anchored: true },
      {
        title: 'Dr. Fictional Saranya',
        url: '/branches#salem-3',
        excerpt: 'Dr. Fictional Saranya. Secretary, <mark>Salem</mark> branch.',
        anchored: true,
      },
    ],
  });
  const webinar = result({
    url: 'https://www.youtube.com/watch?v=x',
    title: 'Airway basics',
    section: 'Webinars',
    excerpt: 'Webinar: Airway basics. Hosted by <mark>Salem</mark> branch.',
  });
  const stateBearers = result({ url: '/Office-Brearers', title: 'Office Bearers', order: 1 });

  it('lists each anchored section of a page as a hit, and a record without sections as one', () => {
    const hits = searchHits([branches, webinar]);
    expect(hits.map((hit) => [hit.title, hit.url, hit.context, hit.external])).toEqual([
      ['Salem', '/branches#salem-title', 'Our Branches', false],
      ['Dr. Fictional Saranya', '/branches#salem-3', 'Our Branches', false],
      ['Airway basics', 'https://www.youtube.com/watch?v=x', 'Webinars', true],
    ]);
    expect(hits[1]?.excerpt).toEqual([
      { text: 'Secretary, ', mark: false },
      { text: 'Salem', mark: true },
      { text: ' branch.', mark: false },
    ]);
  });

  it('puts the pages of a lower order first, keeping the rest in their order', () => {
    expect(searchHits([webinar, branches, stateBearers]).map((hit) => hit.url)).toEqual([
      '/Office-Brearers',
      'https://www.youtube.com/watch?v=x',
      '/branches#salem-title',
      '/branches#salem-3',
    ]);
  });
});

describe('search records and page URLs', () => {
  it('makes a webinar a record that opens its recording', () => {
    const record = webinarRecord({
      title: 'Airway basics',
      host: 'Hosted by Salem branch',
      date: '14 - March - 2025',
      videoUrl: 'https://www.youtube.com/watch?v=x',
    });
    expect(record).toMatchObject({ url: 'https://www.youtube.com/watch?v=x', filters: { section: ['Webinars'] } });
    expect(record.content).toContain('Hosted by Salem branch');
    expect(record.content).toContain('14 - March - 2025');
    expect(record.meta['title']).toBe('Airway basics');
  });

  it('makes the head office the Contact Us record', () => {
    const record = contactRecord(
      {
        title: 'Head Office',
        name: 'Sample Hospital',
        addressLines: ['12 Example Road', 'Coimbatore'],
        phone: '+91 00000 10002',
        email: 'office@example.org',
        mapEmbedUrl: 'https://maps.example.org/embed',
        mapLinkUrl: 'https://maps.example.org/',
      },
      '/Contact-Us',
    );
    expect(record.url).toBe('/Contact-Us');
    expect(record.content).toContain('12 Example Road, Coimbatore');
    expect(record.content).toContain('office@example.org');
  });

  it.each([
    ['index.html', '/'],
    ['branches/index.html', '/branches'],
    ['Office-Brearers/index.html', '/Office-Brearers'],
    ['404.html', '/404'],
  ])('the page %s is at %s', (file, url) => {
    expect(pageUrl(file)).toBe(url);
  });
});
