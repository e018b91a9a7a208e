import { Hono } from 'hono';
import type { Db } from './db';
export function registryRoutes(_deps: { db: Db }): Hono {
  return new Hono();
}
