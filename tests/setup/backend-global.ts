// Global setup of the vitest project "backend": starts ONE embedded backend for the whole run and
// provides its coordinates; test files read them with `inject('backend')`.
// Isolation: every test file creates its own users (server/testing/backend.ts createConfirmedUser);
// RLS keeps each user's rows private, so files never see each other's data. Nothing is reset.
import type { TestProject } from 'vitest/node';
import { startTestBackend, type BackendCoordinates } from '../../server/testing/backend';

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
    await backend.stop();
  };
}
