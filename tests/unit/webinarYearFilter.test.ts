/**
 * The Past Webinars island as the build renders it into the static page: the year options and
 * the default year's cards come from the webinars and the year the page was rendered in.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WebinarYearFilter, type WebinarCardData } from '../../src/islands/WebinarYearFilter.tsx';

const webinar = (n: number, date: string): WebinarCardData => ({
  title: `Webinar ${n}`,
  date,
  isoDate: '2025-01-01',
  videoUrl: `https://www.youtube.com/watch?v=Webinar${n}`,
  image: { src: `/w${n}.webp`, srcset: '', sizes: '', width: 800, height: 450 },
});

function render(webinars: WebinarCardData[], renderedYear: number) {
  const html = renderToStaticMarkup(createElement(WebinarYearFilter, { webinars, renderedYear }));
  const options = [...html.matchAll(/<option value="(\d+)"( selected="")?/g)];
  return {
    years: options.map((match) => Number(match[1])),
    selected: options.filter((match) => match[2]).map((match) => Number(match[1])),
    titles: [...html.matchAll(/<h3 class="webinar-card__title">([^<]*)<\/h3>/g)].map((match) => match[1]),
    html,
  };
}

describe('WebinarYearFilter, rendered at build time', () => {
  it('shows a 2026 webinar under 2026, the default when it is the newest', () => {
    const page = render([webinar(1, '3 - January - 2026'), webinar(2, '14 - March - 2025')], 2026);
    expect(page.years).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020]);
    expect(page.selected).toEqual([2026]);
    expect(page.titles).toEqual(['Webinar 1']);
  });

  it('in a year later than the data, offers that year but opens on the newest year with webinars', () => {
    const page = render([webinar(2, '14 - March - 2025'), webinar(3, '9 - May - 2020')], 2027);
    expect(page.years).toEqual([2027, 2026, 2025, 2024, 2023, 2022, 2021, 2020]);
    expect(page.selected).toEqual([2025]);
    expect(page.titles).toEqual(['Webinar 2']);
  });

  it('with no webinars at all, opens on the current year and says there are none', () => {
    const page = render([], 2026);
    expect(page.selected).toEqual([2026]);
    expect(page.titles).toEqual([]);
    expect(page.html).toContain('There are no webinar recordings from 2026. Please choose another year.');
  });
});
