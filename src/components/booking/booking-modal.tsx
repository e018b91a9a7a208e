import { useState } from 'react';
import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { advisorCalendarUrl, initials, pickAdvisor } from '@/lib/advisors';
import { Dialog } from '@/components/ui/dialog';
import { SchedulerFrame } from '@/components/scheduler-frame';
import './booking-modal.css';

export type BookingTraining = {
  title: string;
  category?: string | undefined;
  duration?: string | undefined;
};

type Props = {
  open: boolean;
  onClose: () => void;
  training?: BookingTraining | null;
  /** Injected for tests; Math.random by default. */
  random?: () => number;
};

/**
 * Booking modal (02 §2.4): the chosen training, the 3-step journey (advisor meeting 30 min,
 * current; expert matching 48 h; training), one advisor of four at random, and the scheduler.
 * Focus trap and restore, Escape, backdrop and close button, scroll lock come from Dialog.
 */
export function BookingModal({ open, onClose, training, random }: Props) {
  return open ? (
    <BookingModalContent onClose={onClose} training={training ?? null} random={random} />
  ) : null;
}

function BookingModalContent({
  onClose,
  training,
  random,
}: {
  onClose: () => void;
  training: BookingTraining | null;
  random: (() => number) | undefined;
}) {
  // Chosen once per opening.
  const [advisor] = useState(() => pickAdvisor(random));
  const role = fr.bookingAdvisors.roles[advisor.role];
  return (
    <Dialog open onClose={onClose} title={fr.booking.title} size="lg">
      {training ? (
        <section className="booking-training" aria-label={fr.booking.chosenTraining}>
          <p className="booking-eyebrow">{fr.booking.chosenTraining}</p>
          <p className="booking-training-title">{training.title}</p>
          <p className="muted">
            {[training.category, training.duration].filter(Boolean).join(' · ')}
          </p>
        </section>
      ) : null}
      <section aria-labelledby="booking-journey">
        <h3 id="booking-journey" className="booking-subtitle">
          {fr.booking.journeyTitle}
        </h3>
        <ol className="booking-steps">
          {fr.booking.steps.map((step, index) => (
            <li
              key={step.title}
              className={index === 0 ? 'booking-step booking-step-current' : 'booking-step'}
              aria-current={index === 0 ? 'step' : undefined}
            >
              <span className="booking-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span>
                <strong>{step.title}</strong> <span className="muted">{step.detail}</span>
                {index === 0 ? (
                  <span className="visually-hidden"> ({fr.booking.currentStep})</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <div className="booking-advisor">
        <span className="booking-avatar" aria-hidden="true">
          {initials(advisor.name)}
        </span>
        <p>
          <strong>{advisor.name}</strong>
          <br />
          <span className="muted">{role}</span>
        </p>
      </div>
      <SchedulerFrame
        url={advisorCalendarUrl(config.schedulerUrl, advisor)}
        title={fr.booking.frameTitle}
        height={560}
      />
    </Dialog>
  );
}
