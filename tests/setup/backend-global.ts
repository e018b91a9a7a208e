// Global setup of the vitest project "backend": starts ONE embedded backend for the whole run and
// provides its coordinates; test files read them with `inject('backend')`.
// Isolation: every test file creates its own users (server/testing/backend.ts createConfirmedUser);
// RLS keeps each user's rows private, so files never see each other's data. Nothing is reset.
import type { TestProject } from 'vitest/node';
import {
  PGLITE_START_STATUS,
  startTestBackend,
  type BackendCoordinates,
} from '../../server/testing/backend';

declare module 'vitest' {
  export interface ProvidedContext {
    backend: BackendCoordinates;
  }
}

export default async function setup(project: TestProject) {
  const backend = await startTestBackend();
  project.provide('backend', {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceKey: backend.serviceKey,
    jwtSecret: backend.jwtSecret,
  });
  return async () => {
    // Vitest has given its verdict by now (1: a test failed). A start status left by PGlite's
    // runtime (a database the shared backend opened during the run) is not one: `npm test` must
    // exit 0 when every test passed, 1 when one failed (server/testing/backend.ts keepingExitCode).
    const verdict = process.exitCode;
    await backend.stop();
    process.exitCode = verdict === PGLITE_START_STATUS ? undefined : verdict;
  };
}
