/**
 * The home page's Monthly Activities carousel (docs/SPEC.md points 1 and 9), built on keen-slider:
 * three captioned photos, 3 per view on wide screens, 2 below 1064 px and 1 below 600 px,
 * moving one slide at a time every 2 s with a 1 s transition, looping forever, with dots.
 * Each slide's "View more" link shows on hover, on keyboard focus and always on touch
 * screens. Follows the WAI-ARIA carousel pattern (see useAutoRotation). Slides out of view are
 * inert, so keyboard focus never lands on a link the visitor cannot see (which would also make
 * the browser scroll the clipped frame under the slider).
 */
import { useState } from 'react';
import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import './ActivitiesCarousel.css';
import { ACTIVITIES_INTERVAL_MS, ACTIVITIES_TRANSITION_MS, slideLabel } from '../lib/carousel.ts';
import type { IslandImage } from '../lib/islandImage.ts';
import { CarouselControls } from './CarouselControls.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { useAutoRotation } from './useAutoRotation.ts';
import { useHydrated } from './useHydrated.ts';

interface ActivitySlide {
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
const SLIDES_PER_VIEW = { wide: 3, medium: 2, narrow: 1 } as const;
const SPACING_PX = 16;

/** Which slides are in view: at least half of each is inside the frame. */
function slidesInView(slider: KeenSliderInstance): boolean[] {
  return slider.track.details.slides.map((slide) => slide.portion >= 0.5);
}

function sameFlags(a: readonly boolean[], b: readonly boolean[]): boolean {
  return a.length === b.length && a.every((flag, index) => flag === b[index]);
}

export function ActivitiesCarousel({ slides, label, viewMoreLabel, viewMoreHref }: ActivitiesCarouselProps) {
  const [current, setCurrent] = useState(0);
  // Until the slider has measured itself (and without JavaScript) no slide is inert.
  const [inView, setInView] = useState<readonly boolean[] | null>(null);
  const hydrated = useHydrated();
  const updateInView = (instance: KeenSliderInstance) => {
    const next = slidesInView(instance);
    setInView((previous) => (previous && sameFlags(previous, next) ? previous : next));
  };
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: true,
    defaultAnimation: { duration: ACTIVITIES_TRANSITION_MS },
    slides: { perView: SLIDES_PER_VIEW.narrow, spacing: SPACING_PX },
    breakpoints: {
      '(min-width: 600px)': { slides: { perView: SLIDES_PER_VIEW.medium, spacing: SPACING_PX } },
      '(min-width: 1064px)': { slides: { perView: SLIDES_PER_VIEW.wide, spacing: SPACING_PX } },
    },
    created: updateInView,
    updated: updateInView,
    detailsChanged: updateInView,
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
            inert={inView ? !inView[index] : undefined}
          >
            <figure>
              <ResponsiveImage image={slide.image} alt={slide.alt} className="cover-image" />
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
