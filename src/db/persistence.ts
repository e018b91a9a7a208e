// Asks the browser to keep IndexedDB under storage pressure (no eviction of unsynced changes).
export type StoragePersistence = 'persisted' | 'denied' | 'unsupported';

export async function requestPersistentStorage(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator
    ?.storage,
): Promise<StoragePersistence> {
  if (!storage?.persist) return 'unsupported';
  try {
    if (storage.persisted && (await storage.persisted())) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'denied';
  } catch {
    return 'unsupported';
  }
}
