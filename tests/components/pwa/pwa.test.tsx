import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  connectServiceWorker,
  isIosSafari,
  listenForInstallPrompt,
  startUpdateChecks,
  UPDATE_CHECK_INTERVAL_MS,
  usePwaStore,
} from '@/lib/pwa/pwa-store';
import { InstallButton } from '@/app/pwa/install-button';

afterEach(() => {
  usePwaStore.setState({
    needRefresh: false,
    offlineReady: false,
    installEvent: null,
    installed: false,
    applyUpdate: null,
  });
});

describe('service worker wiring', () => {
  it('shows the update only when the waiting worker is announced, and applies it on demand', async () => {
    let options: Parameters<Parameters<typeof connectServiceWorker>[0]>[0] = {};
    const update = vi.fn(async () => {});
    const container = new EventTarget();
    const reload = vi.fn();
    connectServiceWorker(
      (o) => {
        options = o;
        return update;
      },
      { serviceWorker: container as unknown as ServiceWorkerContainer, reload },
    );
    expect(usePwaStore.getState().needRefresh).toBe(false);
    act(() => options.onNeedRefresh?.());
    expect(usePwaStore.getState().needRefresh).toBe(true);
    expect(update).not.toHaveBeenCalled();
    // A controller change before the click (e.g. another tab updated) does not reload this page.
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    await usePwaStore.getState().applyUpdate?.();
    expect(update).toHaveBeenCalledWith(true);
    // The new worker takes control: one reload, even if workbox-window asks for one too.
    container.dispatchEvent(new Event('controllerchange'));
    options.onNeedReload?.();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks for updates periodically while online and on return to the foreground', () => {
    const registration = {
      installing: null,
      update: vi.fn(async () => {}),
    } as unknown as ServiceWorkerRegistration;
    let tick: () => void = () => {};
    let onVisible: () => void = () => {};
    let online = true;
    const doc = {
      visibilityState: 'visible',
      addEventListener: (_: string, cb: () => void) => (onVisible = cb),
    };
    startUpdateChecks(registration, {
      isOnline: () => online,
      setInterval: (cb: () => void, ms: number) => {
        expect(ms).toBe(UPDATE_CHECK_INTERVAL_MS);
        tick = cb;
        return 0;
      },
      document: doc as unknown as Document,
    });
    tick();
    expect(registration.update).toHaveBeenCalledTimes(1);
    online = false;
    tick();
    onVisible();
    expect(registration.update).toHaveBeenCalledTimes(1);
    online = true;
    onVisible();
    expect(registration.update).toHaveBeenCalledTimes(2);
  });
});

describe('install', () => {
  it('keeps the beforeinstallprompt event and prompts on click', async () => {
    const target = new EventTarget();
    listenForInstallPrompt(target as unknown as Window);
    const prompt = vi.fn(async () => {});
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      target.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    render(<InstallButton />);
    fireEvent.click(screen.getByRole('button', { name: "Installer l'application" }));
    await vi.waitFor(() => expect(usePwaStore.getState().installed).toBe(true));
    expect(prompt).toHaveBeenCalled();
  });

  it('shows nothing without an install prompt outside iOS Safari', () => {
    const { container } = render(<InstallButton />);
    expect(container).toBeEmptyDOMElement();
  });

  it('recognises iOS Safari (the Add to Home Screen steps) but not an installed app or Chrome on iOS', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect(isIosSafari({ userAgent: iphone })).toBe(true);
    expect(isIosSafari({ userAgent: iphone, standalone: true })).toBe(false);
    expect(isIosSafari({ userAgent: iphone.replace('Version/18.0', 'CriOS/130.0') })).toBe(false);
    expect(
      isIosSafari({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150 Safari/537.36' }),
    ).toBe(false);
  });
});
