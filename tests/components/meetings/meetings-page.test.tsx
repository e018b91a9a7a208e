import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { config } from '@/lib/config';
import { SCHEDULER_FRAME_DELAY_MS, SCHEDULER_LOAD_TIMEOUT_MS } from '@/components/scheduler-frame';
import { MeetingsPage } from '@/features/meetings/pages/meetings-page';

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window.navigator, 'onLine', { value: true, configurable: true });
});

describe('MeetingsPage (02 §2.10)', () => {
  it('has one h1 and inserts the leads scheduler after 300 ms with a loading text until it is there', () => {
    vi.useFakeTimers();
    render(<MeetingsPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Prendre RDV');
    expect(screen.getByText('Chargement du calendrier...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SCHEDULER_FRAME_DELAY_MS - 1));
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const frame = screen.getByTitle('Calendrier de prise de rendez-vous');
    expect(frame).toHaveAttribute('src', config.leadsSchedulerUrl);
    fireEvent.load(frame);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { source: (frame as HTMLIFrameElement).contentWindow }),
      );
    });
    expect(screen.queryByText('Chargement du calendrier...')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ouvrir le calendrier' })).toBeNull();
  });

  it("offers 'Ouvrir le calendrier' when the frame does not load", () => {
    vi.useFakeTimers();
    render(<MeetingsPage />);
    act(() => vi.advanceTimersByTime(SCHEDULER_FRAME_DELAY_MS));
    expect(document.querySelector('iframe')).not.toBeNull();
    act(() => vi.advanceTimersByTime(SCHEDULER_LOAD_TIMEOUT_MS));
    const link = screen.getByRole('link', { name: 'Ouvrir le calendrier' });
    expect(link).toHaveAttribute('href', config.leadsSchedulerUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it("offline: no frame, the 'Ouvrir le calendrier' link and a notice", () => {
    Object.defineProperty(window.navigator, 'onLine', { value: false, configurable: true });
    render(<MeetingsPage />);
    expect(screen.getByRole('link', { name: 'Ouvrir le calendrier' })).toHaveAttribute(
      'href',
      config.leadsSchedulerUrl,
    );
    expect(screen.getByText(/Vous êtes hors ligne/)).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
