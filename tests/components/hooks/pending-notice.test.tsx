// « pas encore synchronisé » notes are not flashed (issue 16 item 10): online, a row pending for
// less than the grace period (synchronised a second later) shows no note; offline it shows at once.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_NOTICE_GRACE_MS, usePendingNotice } from '@/hooks/use-after-grace';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const render = (pending: boolean, online: boolean) =>
  renderHook(
    (props: { pending: boolean; online: boolean }) => usePendingNotice(props.pending, props.online),
    { initialProps: { pending, online } },
  );

describe('usePendingNotice', () => {
  it('online: waits the grace period before showing, and not at all when synced in time', () => {
    const { result, rerender } = render(true, true);
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1600));
    expect(result.current).toBe(false);
    // synchronised 1.6 s after the create: nothing was ever shown
    rerender({ pending: false, online: true });
    act(() => vi.advanceTimersByTime(SYNC_NOTICE_GRACE_MS));
    expect(result.current).toBe(false);
  });

  it('online: shows once the row stays pending past the grace period, hides when synced', () => {
    const { result, rerender } = render(true, true);
    act(() => vi.advanceTimersByTime(SYNC_NOTICE_GRACE_MS - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ pending: false, online: true });
    expect(result.current).toBe(false);
    // a new pending change starts a new grace period
    rerender({ pending: true, online: true });
    expect(result.current).toBe(false);
  });

  it('offline: shows at once (the row will not be synchronised in a moment)', () => {
    const { result, rerender } = render(true, false);
    expect(result.current).toBe(true);
    rerender({ pending: true, online: true });
    expect(result.current).toBe(false);
    rerender({ pending: true, online: false });
    expect(result.current).toBe(true);
  });
});
