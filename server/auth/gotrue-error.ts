// GoTrue's error answer: {code, error_code, msg} and the x-sb-error-code header, as hosted
// Supabase's auth sends it. A leaf module: the guard and every auth middleware answer with it.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function gotrueError(
  c: Context,
  status: ContentfulStatusCode,
  errorCode: string,
  msg: string,
  extra: Record<string, unknown> = {},
) {
  c.header('x-sb-error-code', errorCode);
  return c.json({ code: status, error_code: errorCode, msg, ...extra }, status);
}
