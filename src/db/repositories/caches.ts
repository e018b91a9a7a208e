// Caches: budget lookups (with their fetch date, so screens can say how old a figure is and
// refresh it when online) and reference data (question sets, IDCC labels, recent companies).
import type { LocalDb } from '../database';
import { guardQuota } from '../errors';

export type Cached<T> = { value: T; fetchedAt: string };

export function cachesRepository(db: LocalDb) {
  return {
    async getCachedBudget<T = unknown>(key: string): Promise<Cached<T> | undefined> {
      const e = await db.budget_cache.get(key);
      return e ? { value: e.value as T, fetchedAt: e.fetched_at } : undefined;
    },
    async putCachedBudget(
      key: string,
      value: unknown,
      fetchedAt: Date | string = new Date(),
    ): Promise<void> {
      const at = typeof fetchedAt === 'string' ? fetchedAt : fetchedAt.toISOString();
      await guardQuota(() => db.budget_cache.put({ key, value, fetched_at: at }));
    },
    async getCachedReference<T = unknown>(key: string): Promise<Cached<T> | undefined> {
      const e = await db.reference_cache.get(key);
      return e ? { value: e.value as T, fetchedAt: e.fetched_at } : undefined;
    },
    async putCachedReference(
      key: string,
      value: unknown,
      fetchedAt: Date | string = new Date(),
    ): Promise<void> {
      const at = typeof fetchedAt === 'string' ? fetchedAt : fetchedAt.toISOString();
      await guardQuota(() => db.reference_cache.put({ key, value, fetched_at: at }));
    },
  };
}
