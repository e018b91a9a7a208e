import { Hono } from 'hono';
export function localPagesRoutes(): Hono {
  return new Hono();
}
