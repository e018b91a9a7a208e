// `npm test` must fail when a test fails: vitest sets the process's exit code, then the backend
// project's global teardown stops the shared embedded backend. PGlite's WebAssembly runtime writes
// process.exitCode when its database starts (100) and stops (0), which turned a failed run into
// exit 0 (found in a clean-clone CI run: 1 failed test, and the run went on to the e2e step).
// Starting and stopping a backend now leaves the exit code as it was.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../server/testing/backend';

describe("a backend's start and stop leave the process's exit code alone", () => {
  const before = process.exitCode;
  afterEach(() => {
    process.exitCode = before;
  });

  it('keeps a failed run failed', async () => {
    process.exitCode = 1;
    const backend = await startTestBackend({ config: { seed: false } });
    expect(process.exitCode).toBe(1);
    await backend.stop();
    expect(process.exitCode).toBe(1);
  });
});
