/**
 * Past Webinars as the server renders it for the year in the address: the year options, the
 * chosen year and only that year's cards (src/lib/webinarYearFilter.ts, WebinarYearFilter.tsx),
 * and a page that stays the same size however many webinars earlier years hold.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WebinarYearFilter, type WebinarCardData } from '../../src/islands/WebinarYearFilter.tsx';
import { webinarYearSelection } from '../../src/lib/webinarYearFilter.ts';

const MONTHS = ['January', 'March', 'May', 'July', 'September', 'November'];

const webinar = (n: number, date: string): WebinarCardData => ({
  title: `Webinar ${n}: a title as long as the sample content titles`,
  date,
  isoDate: '2025-01-01',
  videoUrl: `https://www.youtube.com/watch?v=Webinar${n}`,
  image: {
    src: `/_image?href=%2F_astro%2Fwebinar-${n}.Abc123.jpg&w=640&f=webp`,
    srcset: [320, 480, 640]
      .map((w) => `/_image?href=%2F_astro%2Fwebinar-${n}.Abc123.jpg&w=${w}&f=webp ${w}w`)
      .join(', '),
    sizes: '(max-width: 40rem) calc(100vw - 2rem), (max-width: 64rem) 45vw, 22rem',
    width: 640,
    height: 360,
  },
});

function render(webinars: WebinarCardData[], yearParam: string | null, currentYear: number) {
  const selection = webinarYearSelection(webinars, yearParam, currentYear);
  const html = renderToStaticMarkup(
    createElement(WebinarYearFilter, {
      webinars: selection.shown,
      years: selection.years,
      year: selection.year,
      action: '/past-webinars',
    }),
  );
  const options = [...html.matchAll(/<option( selected="")?>(\d+)<\/option>/g)];
  return {
    years: options.map((match) => Number(match[2])),
    selected: options.filter((match) => match[1]).map((match) => Number(match[2])),
    titles: [...html.matchAll(/<h3 class="webinar-card__title">([^<]*)<\/h3>/g)].map((match) => match[1]),
    html,
  };
}

describe('Past Webinars for the year in the address', () => {
  const sample = [webinar(1, '3 - January - 2026'), webinar(2, '14 - March - 2025'), webinar(3, '9 - May - 2020')];

  it('opens on the newest year with webinars, offering only the years that have some', () => {
    const page = render(sample, null, 2027);
    expect(page.years).toEqual([2026, 2025, 2020]);
    expect(page.selected).toEqual([2026]);
    expect(page.titles).toEqual([sample[0]?.title]);
  });

  it('shows the year asked for, and the default year for one that is not offered', () => {
    expect(render(sample, '2020', 2026).titles).toEqual([sample[2]?.title]);
    expect(render(sample, '2020', 2026).selected).toEqual([2020]);
    for (const wrong of ['1999', '2023', '2030', 'abc', '', ' 2025x']) {
      expect(render(sample, wrong, 2026).selected, wrong).toEqual([2026]);
    }
  });

  it('says so when there are no webinars at all, in a GET form that needs no script', () => {
    const page = render([], '2023', 2026);
    expect(page.years).toEqual([2026]);
    expect(page.titles).toEqual([]);
    expect(page.html).toContain('There are no webinar recordings yet.');
    expect(page.html).toContain('No webinars from 2026');
    expect(page.html).toMatch(/<form class="webinar-filter__bar" action="\/past-webinars" method="get">/);
    expect(page.html).toContain('name="year"');
    expect(page.html).not.toContain('disabled');
  });

  it('stays within 10% of its size with 200 more webinars in the earlier years', () => {
    // Today's sample: four webinars a year from 2020 to 2025, the page opening on 2025.
    const today = Array.from({ length: 24 }, (_, index) =>
      webinar(index, `${10 + (index % 6)} - ${MONTHS[index % 6] ?? ''} - ${2020 + Math.floor(index / 4)}`),
    );
    const more = Array.from({ length: 200 }, (_, index) =>
      webinar(100 + index, `${1 + (index % 28)} - ${MONTHS[index % 6] ?? ''} - ${2020 + (index % 5)}`),
    );
    const small = render(today, null, 2026).html.length;
    const large = render([...today, ...more], null, 2026).html.length;
    expect(render(today, null, 2026).titles).toHaveLength(4);
    expect(large).toBeLessThanOrEqual(small * 1.1);
    // Each year's own page holds its own webinars only.
    expect(render([...today, ...more], '2021', 2026).titles).toHaveLength(4 + 40);
  });
});
