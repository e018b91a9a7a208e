// Reading a reference CSV file: its rows streamed with papaparse, its header, its version.
import { createReadStream, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import type { CsvRow } from './rows';

/** Streams a CSV file's rows (header line required), with papaparse. */
export async function* csvRows(path: string): AsyncGenerator<CsvRow> {
  const queue: CsvRow[] = [];
  let done = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const stream = createReadStream(path, 'utf8');
  let paused = false;
  Papa.parse<CsvRow>(stream as unknown as File, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().replace(/^\uFEFF/, ''),
    step: (res) => {
      queue.push(res.data);
      if (queue.length > 2000 && !paused) {
        paused = true;
        stream.pause();
      }
      wake?.();
    },
    complete: () => {
      done = true;
      wake?.();
    },
    error: (e: Error) => {
      failure = e;
      done = true;
      wake?.();
    },
  });
  try {
    for (;;) {
      if (queue.length) {
        yield queue.shift()!;
        if (paused && queue.length < 500) {
          paused = false;
          stream.resume();
        }
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      await new Promise<void>((r) => (wake = r));
      wake = null;
    }
  } finally {
    stream.destroy();
  }
}

/** The header line of a CSV file. */
export async function csvHeader(path: string): Promise<string[]> {
  for await (const row of csvRows(path)) return Object.keys(row);
  return [];
}

export async function fileVersion(path: string): Promise<string> {
  return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
}
