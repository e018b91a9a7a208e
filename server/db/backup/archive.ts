// The snapshot file: a gzip-compressed tar (readable with `tar -xzf`) of named files, written and
// read here without a dependency (POSIX ustar, regular files only: manifest.json, pgdata.tar, ...).
import { gunzipSync, gzipSync } from 'node:zlib';

const BLOCK = 512;

function header(name: string, size: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  h.write('        ', 148); // checksum placeholder (spaces) while summing
  h.write('0', 156); // regular file
  h.write('ustar\u000000', 257);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

/** gzip(tar(files)), in the given order. */
export function packArchive(files: { name: string; data: Uint8Array }[]): Buffer {
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(header(f.name, f.data.byteLength), Buffer.from(f.data));
    const pad = (BLOCK - (f.data.byteLength % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts), { level: 6 });
}

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/** The files of a packArchive() output; throws ArchiveError when it is not one (or truncated). */
export function unpackArchive(gz: Uint8Array): Map<string, Buffer> {
  let tar: Buffer;
  try {
    tar = gunzipSync(gz);
  } catch {
    throw new ArchiveError('not a gzip file, or truncated');
  }
  const files = new Map<string, Buffer>();
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) return files;
    const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(h.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
    if (!name || !Number.isFinite(size) || at + BLOCK + size > tar.length)
      throw new ArchiveError('damaged tar entry');
    files.set(name, tar.subarray(at + BLOCK, at + BLOCK + size));
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new ArchiveError('tar without its end marker (truncated)');
}
