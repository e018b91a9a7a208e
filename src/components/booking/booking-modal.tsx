import { useState } from 'react';
import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { advisorCalendarUrl, initials, pickAdvisor } from '@/lib/advisors';
import { Dialog } from '@/components/ui/dialog';
import { SchedulerFrame } from '@/components/scheduler-frame';
import { Spinner } from '@/components/ui/spinner';
import { usePrefilledSchedulerUrl } from '@/lib/scheduler-prefill';
import './booking-modal.css';

export type BookingTraining = {
  title: string;
  category?: string | undefined;
  duration?: string | undefined;
  /** Shown under the title instead of « category · duration » (an expert's expertise and job). */
  subtitle?: string | undefined;
};

type Props = {
  open: boolean;
  onClose: () => void;
  /** What the booking is about (a training by default; an expert from the directory). */
  training?: BookingTraining | null;
  /** Its caption: « Formation choisie » unless told (« Expert choisi »). */
  subjectLabel?: string;
  /** Injected for tests; Math.random by default. */
  random?: () => number;
};

/**
 * Booking modal (02 §2.4): the chosen training, the 3-step journey (advisor meeting 30 min,
 * current; expert matching 48 h; training), one advisor of four at random, and the scheduler.
 * Focus trap and restore, Escape, backdrop and close button, scroll lock come from Dialog.
 */
export function BookingModal({ open, onClose, training, subjectLabel, random }: Props) {
  return open ? (
    <BookingModalContent
      onClose={onClose}
      training={training ?? null}
      subjectLabel={subjectLabel ?? fr.booking.chosenTraining}
      random={random}
    />
  ) : null;
}

function BookingModalContent({
  onClose,
  training,
  subjectLabel,
  random,
}: {
  onClose: () => void;
  training: BookingTraining | null;
  subjectLabel: string;
  random: (() => number) | undefined;
}) {
  // Chosen once per opening.
  const [advisor] = useState(() => pickAdvisor(random));
  const role = fr.bookingAdvisors.roles[advisor.role];
  // The user's name and e-mail filled in (null while the profile loads: one frame, final address).
  const calendarUrl = usePrefilledSchedulerUrl(advisorCalendarUrl(config.schedulerUrl, advisor));
  return (
    <Dialog open onClose={onClose} title={fr.booking.title} size="lg">
      {training ? (
        <section className="booking-training" aria-label={subjectLabel}>
          <p className="booking-eyebrow">{subjectLabel}</p>
          <p className="booking-training-title">{training.title}</p>
          <p className="muted">
            {training.subtitle ??
              [training.category, training.duration].filter(Boolean).join(' · ')}
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
      {calendarUrl ? (
        <SchedulerFrame url={calendarUrl} title={fr.booking.frameTitle} height={560} />
      ) : (
        <p className="scheduler-loading" role="status">
          <Spinner size={16} /> {fr.booking.loading}
        </p>
      )}
    </Dialog>
  );
}
