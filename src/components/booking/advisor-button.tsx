import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { advisorRoute } from '@/domain/advisor-access';
import { config } from '@/lib/config';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { BookingModal } from './booking-modal';

type Props = {
  /** The company's agreement: it decides where the advisor is (src/domain/advisor-access.ts). */
  idcc: unknown;
  children: ReactNode;
  variant?: ButtonVariant;
  /** Called on activation, whichever way it leads (analytics). */
  onActivate?: () => void;
  'data-analytics-action'?: string;
};

/**
 * « Trouver un accompagnement »: to the « Prendre RDV » page where the company's agreement has it,
 * else the booking modal (an advisor's calendar). Never the AI search.
 */
export function AdvisorButton({ idcc, children, variant = 'primary', onActivate, ...rest }: Props) {
  const [open, setOpen] = useState(false);
  if (advisorRoute(idcc, config.rdvIdccList) === 'meetings') {
    return (
      <Link className={`btn btn-${variant} btn-md`} to="/meetings" onClick={onActivate} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <Button
        variant={variant}
        onClick={() => {
          onActivate?.();
          setOpen(true);
        }}
        {...rest}
      >
        {children}
      </Button>
      <BookingModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
