// /auth/v1 bodies are small: an e-mail, a password (72 bytes at most), a token, metadata of 16 KiB
// at most (guard.ts). The API's general limit (1 MiB, backend.ts) let every malformed or oversized
// body of an attack pass be read whole and copied several times on its way (the JSON depth guard,
// the auth guard, the request handed to lite): with ~100 such requests at once the process took
// hundreds of MiB it never gave back to the system (issue 32 item 2). Here the body is cut at
// AUTH_MAX_BODY_BYTES while it is read: 413 in GoTrue's shape, connection closed.
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { API_EXPOSED_HEADERS } from '../http';

export const AUTH_MAX_BODY_BYTES = 64 * 1024;

export function authBodyLimit(maxSize = AUTH_MAX_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('connection', 'close');
      c.header('x-sb-error-code', 'request_too_large');
      c.header('access-control-allow-origin', '*');
      c.header('access-control-expose-headers', API_EXPOSED_HEADERS);
      return c.json(
        {
          code: 413,
          error_code: 'request_too_large',
          msg: `Corps de requête trop volumineux (max ${maxSize} octets)`,
        },
        413,
      );
    },
  });
}
