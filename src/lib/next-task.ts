// Yields to the browser: resolves in a later task, so that input, rendering and other tasks run in
// between (scheduler.yield where the browser has it, which keeps this work ahead of other queued
// tasks; a MessageChannel message otherwise, which unlike setTimeout(0) is never clamped).

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'function') {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    } else setTimeout(resolve, 0);
  });
}
