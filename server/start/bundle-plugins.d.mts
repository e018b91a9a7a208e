import type { Plugin } from 'esbuild';

/** Lite's 'jose' is server/auth/jwt-memo.ts in the backend bundle. */
export function liteJwtMemo(root: string): Plugin;
