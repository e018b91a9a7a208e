import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { BookingModal } from '@/components/booking/booking-modal';
import { ADVISORS, advisorCalendarUrl, pickAdvisor, initials } from '@/lib/advisors';
import { SCHEDULER_FRAME_DELAY_MS, SCHEDULER_LOAD_TIMEOUT_MS } from '@/components/scheduler-frame';

function Harness({ random }: { random?: () => number }) {
  const [open, setOpen] = useState(false);
  return (
    <div id="root">
      <button onClick={() => setOpen(true)}>ouvrir</button>
      <BookingModal
        open={open}
        onClose={() => setOpen(false)}
        training={{ title: 'Management agile', category: 'Management', duration: '14 h' }}
        random={random}
      />
    </div>
  );
}

afterEach(() => {
  vi.useRealTimers();
  document.body.style.overflow = '';
});

describe('pickAdvisor', () => {
  it('chooses each of the four advisors over [0, 1)', () => {
    expect(pickAdvisor(() => 0)).toBe(ADVISORS[0]);
    expect(pickAdvisor(() => 0.26)).toBe(ADVISORS[1]);
    expect(pickAdvisor(() => 0.5)).toBe(ADVISORS[2]);
    expect(pickAdvisor(() => 0.9999)).toBe(ADVISORS[3]);
    expect(ADVISORS).toHaveLength(4);
  });
  it('never goes out of range on bad random values', () => {
    expect(pickAdvisor(() => 1)).toBe(ADVISORS[3]);
    expect(pickAdvisor(() => Number.NaN)).toBe(ADVISORS[0]);
  });
  it('builds the calendar URL and initials', () => {
    expect(advisorCalendarUrl('http://h/_local/scheduler?type=x', ADVISORS[0]!)).toBe(
      'http://h/_local/scheduler/claire-dubois?type=x',
    );
    expect(initials('Thomas Lefèvre')).toBe('TL');
  });
});

describe('BookingModal (02 §2.4)', () => {
  it('shows the training, the 3-step journey with the first current, and the chosen advisor', () => {
    render(<Harness random={() => 0.5} />);
    fireEvent.click(screen.getByText('ouvrir'));
    const dialog = screen.getByRole('dialog', { name: 'Prendre rendez-vous' });
    expect(dialog).toHaveTextContent('Management agile');
    const steps = screen.getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps[0]).toHaveTextContent('RDV conseiller');
    expect(steps[0]).toHaveTextContent('30min');
    expect(steps[1]).toHaveTextContent('Matching expert');
    expect(steps[1]).toHaveTextContent('48h');
    expect(steps[2]).toHaveTextContent('Formation');
    expect(dialog).toHaveTextContent(ADVISORS[2]!.name);
  });

  it('inserts the scheduler after 300 ms with a loading message, hidden once the calendar says it is there', () => {
    vi.useFakeTimers();
    render(<Harness random={() => 0} />);
    fireEvent.click(screen.getByText('ouvrir'));
    expect(screen.getByText('Chargement du calendrier...')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(SCHEDULER_FRAME_DELAY_MS - 1));
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toContain('/claire-dubois');
    fireEvent.load(frame);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { source: frame.contentWindow }));
    });
    expect(screen.queryByText('Chargement du calendrier...')).toBeNull();
  });

  it('offers "Ouvrir le calendrier" when the frame does not load', () => {
    vi.useFakeTimers();
    render(<Harness random={() => 0} />);
    fireEvent.click(screen.getByText('ouvrir'));
    act(() => vi.advanceTimersByTime(SCHEDULER_FRAME_DELAY_MS));
    expect(screen.queryByRole('link', { name: 'Ouvrir le calendrier' })).toBeNull();
    act(() => vi.advanceTimersByTime(SCHEDULER_LOAD_TIMEOUT_MS));
    const link = screen.getByRole('link', { name: 'Ouvrir le calendrier' });
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('locks page scroll, closes on Escape, backdrop and the close button, and restores focus', () => {
    render(<Harness />);
    const opener = screen.getByText('ouvrir');
    opener.focus();
    fireEvent.click(opener);
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('traps Tab inside the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('ouvrir'));
    const close = screen.getByRole('button', { name: 'Fermer' });
    close.focus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });
});
