import { Hono } from 'hono';
import type { Db } from './db';
export function budgetApiRoutes(_deps: { db: Db; apiKey: string }): Hono {
  return new Hono();
}
