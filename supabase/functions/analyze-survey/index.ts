// Deno entry for hosted Supabase (see ../_shared/function-handler.ts and ../deno.json).
import { serveFunction } from '../_shared/deno-serve.ts';
import { handle } from './handler.ts';

serveFunction(handle);
