/** The controls both carousels share: pause/play, previous, next and one dot per slide. */
import './CarouselControls.css';
import { ROTATION_CONTROL } from '../lib/carousel.ts';

export interface CarouselControlsProps {
  /** What the carousel shows, for the buttons' names: "banner pictures". */
  name: string;
  count: number;
  current: number;
  paused: boolean;
  onTogglePaused: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onSelect: (index: number) => void;
}

export function CarouselControls({
  name,
  count,
  current,
  paused,
  onTogglePaused,
  onPrevious,
  onNext,
  onSelect,
}: CarouselControlsProps) {
  return (
    <div className="carousel-controls">
      <button
        type="button"
        className="carousel-button round-button carousel-rotation"
        onClick={onTogglePaused}
        {...{ [ROTATION_CONTROL]: '' }}
      >
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        <span className="visually-hidden">{paused ? `Play the ${name}` : `Pause the ${name}`}</span>
      </button>
      <button type="button" className="carousel-button round-button" onClick={onPrevious}>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">Previous slide</span>
      </button>
      <div className="carousel-dots">
        {Array.from({ length: count }, (_, index) => (
          <button
            key={index}
            type="button"
            className="carousel-dot"
            aria-current={index === current ? 'true' : undefined}
            onClick={() => onSelect(index)}
          >
            <span className="visually-hidden">Slide {index + 1}</span>
          </button>
        ))}
      </div>
      <button type="button" className="carousel-button round-button" onClick={onNext}>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">Next slide</span>
      </button>
    </div>
  );
}
