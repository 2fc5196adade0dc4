/**
 * The home page's Monthly Activities carousel (spec points 1 and 9), built on keen-slider:
 * three captioned photos, 3 per view on wide screens, 2 below 1064 px and 1 below 600 px,
 * moving one slide at a time every 2 s with a 1 s transition, looping forever, with dots.
 * Each slide's "View more" link shows on hover, on keyboard focus and always on touch
 * screens. Follows the WAI-ARIA carousel pattern (see useAutoRotation).
 */
import { useState } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { ACTIVITIES_INTERVAL_MS, ACTIVITIES_TRANSITION_MS, slideLabel } from '../lib/carousel.ts';
import type { IslandImage } from '../lib/islandImage.ts';
import { CarouselControls } from './CarouselControls.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { useAutoRotation } from './useAutoRotation.ts';
import { useHydrated } from './useHydrated.ts';

export interface ActivitySlide {
  image: IslandImage;
  alt: string;
  caption: string;
}

export interface ActivitiesCarouselProps {
  slides: ActivitySlide[];
  label: string;
  viewMoreLabel: string;
  viewMoreHref: string;
}

/** The slide widths keen-slider sets, so the static HTML already has them (no layout shift). */
export const SLIDES_PER_VIEW = { wide: 3, medium: 2, narrow: 1 } as const;
const SPACING_PX = 16;

export function ActivitiesCarousel({ slides, label, viewMoreLabel, viewMoreHref }: ActivitiesCarouselProps) {
  const [current, setCurrent] = useState(0);
  const hydrated = useHydrated();
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: true,
    defaultAnimation: { duration: ACTIVITIES_TRANSITION_MS },
    slides: { perView: SLIDES_PER_VIEW.narrow, spacing: SPACING_PX },
    breakpoints: {
      '(min-width: 600px)': { slides: { perView: SLIDES_PER_VIEW.medium, spacing: SPACING_PX } },
      '(min-width: 1064px)': { slides: { perView: SLIDES_PER_VIEW.wide, spacing: SPACING_PX } },
    },
    slideChanged: (instance) => setCurrent(instance.track.details.rel),
  });
  const next = () => slider.current?.next();
  const { rotating, paused, togglePaused, handlers } = useAutoRotation(next, ACTIVITIES_INTERVAL_MS);

  return (
    <section className="activities-carousel" aria-roledescription="carousel" aria-label={label} {...handlers}>
      <div ref={sliderRef} className="keen-slider activities-slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.image.src}
            className="keen-slider__slide activity-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={slideLabel(index, slides.length)}
          >
            <figure>
              <ResponsiveImage image={slide.image} alt={slide.alt} />
              <figcaption>{slide.caption}</figcaption>
            </figure>
            <a className="activity-view-more" href={viewMoreHref}>
              {viewMoreLabel}
              <span className="visually-hidden">: {slide.caption}</span>
            </a>
          </div>
        ))}
      </div>
      {hydrated ? (
        <CarouselControls
          name="activity photos"
          count={slides.length}
          current={current}
          paused={paused}
          onTogglePaused={togglePaused}
          onPrevious={() => slider.current?.prev()}
          onNext={next}
          onSelect={(index) => slider.current?.moveToIdx(index)}
        />
      ) : null}
    </section>
  );
}
