// The scheduler embed's failure detection (02 §2.4; issue 16 item 1). An iframe's load event
// fires on a 404 page, on the browser's error page after a network error and on a page that
// refuses to be framed alike, so it proves nothing: the frame counts as loaded only once the
// scheduler page posts a message to this window (the local pages post one when ready). A load
// without that message within SCHEDULER_READY_TIMEOUT_MS, or no load at all within
// SCHEDULER_LOAD_TIMEOUT_MS, shows « Ouvrir le calendrier » instead of the frame.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  SCHEDULER_FRAME_DELAY_MS,
  SCHEDULER_LOAD_TIMEOUT_MS,
  SCHEDULER_READY_TIMEOUT_MS,
  SchedulerFrame,
} from '@/components/scheduler-frame';

const URL = 'http://127.0.0.1:54321/_local/scheduler/claire-dubois';

function insertFrame(): HTMLIFrameElement {
  vi.useFakeTimers();
  render(<SchedulerFrame url={URL} title="Calendrier" />);
  act(() => vi.advanceTimersByTime(SCHEDULER_FRAME_DELAY_MS));
  return screen.getByTitle('Calendrier') as HTMLIFrameElement;
}

function postFrom(source: MessageEventSource | null, data: unknown = { type: 'ready' }) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  });
}

const fallback = () => screen.queryByRole('link', { name: 'Ouvrir le calendrier' });

afterEach(() => {
  vi.useRealTimers();
});

describe('SchedulerFrame', () => {
  it('shows the calendar once the page inside the frame says it is there', () => {
    const frame = insertFrame();
    expect(frame).not.toBeVisible();
    fireEvent.load(frame);
    expect(screen.getByText('Chargement du calendrier...')).toBeInTheDocument();
    postFrom(frame.contentWindow);
    expect(frame).toBeVisible();
    expect(screen.queryByText('Chargement du calendrier...')).toBeNull();
    act(() => vi.advanceTimersByTime(SCHEDULER_LOAD_TIMEOUT_MS + SCHEDULER_READY_TIMEOUT_MS));
    expect(fallback()).toBeNull();
    expect(frame).toBeVisible();
  });

  it('a page that loads but never speaks (a 404, an error page, a refused frame) falls back', () => {
    const frame = insertFrame();
    fireEvent.load(frame);
    act(() => vi.advanceTimersByTime(SCHEDULER_READY_TIMEOUT_MS - 1));
    expect(fallback()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(fallback()).toHaveAttribute('href', URL);
    expect(fallback()).toHaveAttribute('target', '_blank');
    expect(screen.getByText("Le calendrier n'a pas pu être chargé.")).toBeInTheDocument();
    expect(screen.queryByTitle('Calendrier')).toBeNull();
    expect(screen.queryByText('Chargement du calendrier...')).toBeNull();
  });

  it('ignores messages from other windows', () => {
    const frame = insertFrame();
    fireEvent.load(frame);
    postFrom(window);
    postFrom(null);
    act(() => vi.advanceTimersByTime(SCHEDULER_READY_TIMEOUT_MS));
    expect(fallback()).not.toBeNull();
  });

  it('falls back when the frame never loads', () => {
    insertFrame();
    act(() => vi.advanceTimersByTime(SCHEDULER_LOAD_TIMEOUT_MS));
    expect(fallback()).not.toBeNull();
    expect(screen.queryByTitle('Calendrier')).toBeNull();
  });
});
