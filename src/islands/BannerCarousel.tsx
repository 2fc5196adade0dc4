/**
 * The home banner's picture carousel (spec points 1 and 9): three pictures, advancing every
 * 3 s and wrapping, with a dot per picture. The first picture is in the static HTML and is
 * the page's largest paint; the others load lazily. Follows the WAI-ARIA carousel pattern.
 */
import { useCallback, useState } from 'react';
import { BANNER_INTERVAL_MS, slideLabel, wrapIndex } from '../lib/carousel.ts';
import type { IslandImage } from '../lib/islandImage.ts';
import { CarouselControls } from './CarouselControls.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { useAutoRotation } from './useAutoRotation.ts';
import { useHydrated } from './useHydrated.ts';

export interface BannerSlide {
  image: IslandImage;
  alt: string;
}

export interface BannerCarouselProps {
  slides: BannerSlide[];
  label: string;
}

export function BannerCarousel({ slides, label }: BannerCarouselProps) {
  const [current, setCurrent] = useState(0);
  const count = slides.length;
  const hydrated = useHydrated();
  const next = useCallback(() => setCurrent((index) => wrapIndex(index, 1, count)), [count]);
  const { rotating, paused, togglePaused, handlers } = useAutoRotation(next, BANNER_INTERVAL_MS);

  return (
    <section className="banner-carousel" aria-roledescription="carousel" aria-label={label} {...handlers}>
      <div className="banner-slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.image.src}
            className="banner-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={slideLabel(index, count)}
            hidden={index !== current}
          >
            <ResponsiveImage image={slide.image} alt={slide.alt} priority={index === 0} />
          </div>
        ))}
      </div>
      {hydrated ? (
        <CarouselControls
          name="banner pictures"
          count={count}
          current={current}
          paused={paused}
          onTogglePaused={togglePaused}
          onPrevious={() => setCurrent((index) => wrapIndex(index, -1, count))}
          onNext={next}
          onSelect={setCurrent}
        />
      ) : null}
    </section>
  );
}
