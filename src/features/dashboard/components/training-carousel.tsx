import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { fr } from '@/i18n/fr';
import { useIsMobile } from '@/hooks/use-media-query';
import { track } from '@/lib/analytics';
import { TrainingArt } from './training-art';

export type StaticTraining = (typeof fr.dashboard.trainings)[number];

/** 02 §9: 4 trainings visible at a time, 1 on small screens. */
export const VISIBLE_DESKTOP = 4;
export const VISIBLE_MOBILE = 1;

type Props = { onOpen: (training: StaticTraining) => void };

/**
 * The 8 most-requested trainings (02 §2.3): a carousel region (APG carousel pattern, no
 * auto-rotation), wrapping previous/next arrows, left and right arrow keys, slides labelled
 * 'n sur 8'. Clicking a training opens the booking modal.
 */
export function TrainingCarousel({ onOpen }: Props) {
  const t = fr.dashboard.carousel;
  const trainings = fr.dashboard.trainings;
  const total = trainings.length;
  const mobile = useIsMobile();
  const visible = Math.min(mobile ? VISIBLE_MOBILE : VISIBLE_DESKTOP, total);
  const [start, setStart] = useState(0);
  const titleId = useId();
  const hintId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  /** slide position to focus after a keyboard move made from inside the slides */
  const focusAfterMove = useRef<number | null>(null);

  const move = (delta: number) => setStart((s) => (((s + delta) % total) + total) % total);
  const shown = Array.from({ length: visible }, (_, k) => (start + k) % total);

  useEffect(() => {
    const position = focusAfterMove.current;
    focusAfterMove.current = null;
    if (position === null) return;
    trackRef.current?.querySelectorAll<HTMLElement>('.training-open')[position]?.focus();
  }, [start]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const cards = Array.from(
      trackRef.current?.querySelectorAll<HTMLElement>('.training-open') ?? [],
    );
    const position = cards.indexOf(document.activeElement as HTMLElement);
    if (position >= 0) focusAfterMove.current = position;
    move(event.key === 'ArrowLeft' ? -1 : 1);
  };

  return (
    <section
      className="carousel"
      aria-roledescription={t.roleDescription}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
    >
      <div className="carousel-header">
        <h2 id={titleId} className="card-title">
          {t.title}
        </h2>
        <div className="carousel-controls">
          <button
            type="button"
            className="carousel-arrow"
            aria-label={t.previous}
            onClick={() => move(-1)}
          >
            <ChevronLeft className="icon" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="carousel-arrow"
            aria-label={t.next}
            onClick={() => move(1)}
          >
            <ChevronRight className="icon" aria-hidden="true" />
          </button>
        </div>
      </div>
      <p id={hintId} className="visually-hidden">
        {t.keyboardHint}
      </p>
      <div
        ref={trackRef}
        className="carousel-track"
        aria-live="polite"
        style={{ gridTemplateColumns: `repeat(${visible}, minmax(0, 1fr))` }}
      >
        {shown.map((index) => {
          const training = trainings[index]!;
          const detailsId = `${titleId}-${training.id}`;
          return (
            <div
              key={training.id}
              role="group"
              aria-roledescription={t.slideRoleDescription}
              aria-label={t.slideLabel(index + 1, total)}
              className="carousel-slide"
            >
              <article className="training-card">
                <TrainingArt category={training.image} />
                <div className="training-body">
                  <h3 className="training-title">
                    {/* The button's name is the visible title; it covers the whole card. */}
                    <button
                      type="button"
                      className="training-open"
                      aria-describedby={detailsId}
                      data-analytics-action="training_booking"
                      onClick={() => {
                        track({
                          event: 'dashboard_action',
                          action: 'training_booking',
                          training: training.id,
                        });
                        onOpen(training);
                      }}
                    >
                      {training.title}
                    </button>
                  </h3>
                  <ul id={detailsId} className="training-meta">
                    <li>
                      {t.category}
                      {' : '}
                      {training.category}
                    </li>
                    <li>
                      {t.duration}
                      {' : '}
                      {training.duration}
                    </li>
                    <li>
                      {t.impact}
                      {' : '}
                      {training.impact}
                    </li>
                  </ul>
                </div>
              </article>
            </div>
          );
        })}
      </div>
    </section>
  );
}
