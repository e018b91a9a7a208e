// Typed failures of local writes; the UI maps the codes to French words (fr.sync.localErrors).

export type LocalErrorCode =
  /** The device's storage is full: nothing of the change was written. */
  | 'quota'
  /** The row does not exist locally (or belongs to another owner). */
  | 'not_found'
  /** A row with this id already exists. */
  | 'exists'
  /** At most 3 companies (live simulations with distinct sirets). */
  | 'company_limit'
  /** A company's budget was already changed 3 times. */
  | 'update_limit'
  /** A closed team survey cannot be reopened. */
  | 'survey_reopen'
  /** Pull-only table (referrals). */
  | 'read_only'
  /** The database could not be opened or the write failed for another reason. */
  | 'storage';

export class LocalStoreError extends Error {
  readonly code: LocalErrorCode;
  override readonly cause: unknown;
  constructor(code: LocalErrorCode, message?: string, cause?: unknown) {
    super(message ?? code);
    this.name = 'LocalStoreError';
    this.code = code;
    this.cause = cause;
  }
}

export function isQuotaError(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    const err = cur as { name?: unknown; inner?: unknown; cause?: unknown; code?: unknown };
    if (err.name === 'QuotaExceededError' || err.code === 22) return true;
    if (err instanceof LocalStoreError) return err.code === 'quota';
    cur = err.inner ?? err.cause;
  }
  return false;
}

/** Runs a store operation, turning a full disk into LocalStoreError('quota'). */
export async function guardQuota<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof LocalStoreError) throw e;
    if (isQuotaError(e)) throw new LocalStoreError('quota', 'storage quota exceeded', e);
    throw e;
  }
}
