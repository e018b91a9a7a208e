// Expert pictures (02 §7.5): HEAD requests on the configured storage locations, in order; the
// first answer that is a 200 image wins, otherwise the card shows an initials avatar. Results are
// kept in memory for the session; nothing is probed while offline (and an offline miss is not
// remembered, so the picture appears once the network is back).
export type PictureLocations = { bases: string[]; extension: 'jpg' | 'svg' };

export type PictureProbe = (id: string) => Promise<string | null>;

export type PictureProbeOptions = PictureLocations & {
  fetchImpl?: typeof fetch;
  isOnline?: () => boolean;
  timeoutMs?: number;
};

/** The URLs tried for one expert, in order (two storage locations at most). */
export function pictureCandidates(id: string, { bases, extension }: PictureLocations): string[] {
  const safeId = encodeURIComponent(id.trim());
  if (!safeId) return [];
  return bases.slice(0, 2).map((base) => `${base.replace(/\/+$/, '')}/${safeId}.${extension}`);
}

export function createPictureProbe(options: PictureProbeOptions): PictureProbe {
  const {
    fetchImpl = (...args: Parameters<typeof fetch>) => fetch(...args),
    isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false,
    timeoutMs = 8_000,
  } = options;
  const found = new Map<string, Promise<string | null>>();

  async function head(url: string): Promise<'image' | 'missing' | 'network'> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetchImpl(url, {
        method: 'HEAD',
        signal: controller.signal,
        credentials: 'omit',
      });
      // A static host may answer a missing file with its HTML fallback page: only images count.
      const type = response.headers.get('content-type') ?? '';
      return response.status === 200 && type.startsWith('image/') ? 'image' : 'missing';
    } catch {
      return 'network';
    } finally {
      clearTimeout(timer);
    }
  }

  async function probe(id: string): Promise<{ url: string | null; definitive: boolean }> {
    let definitive = true;
    for (const url of pictureCandidates(id, options)) {
      const outcome = await head(url);
      if (outcome === 'image') return { url, definitive: true };
      if (outcome === 'network') definitive = false;
    }
    return { url: null, definitive };
  }

  return (id) => {
    const known = found.get(id);
    if (known) return known;
    if (!isOnline()) return Promise.resolve(null);
    const pending = probe(id).then(({ url, definitive }) => {
      if (!definitive) found.delete(id);
      return url;
    });
    found.set(id, pending);
    return pending;
  };
}
