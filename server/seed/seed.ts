import type { Db } from '../db';
export async function seedReferenceData(_db: Db, _dir: string, _opts: { log: (l: string) => void }): Promise<string[]> {
  return [];
}
