import { useEffect, useState } from 'react';
import type { PictureProbe } from '@/lib/expert-search';

/** The expert's picture URL once a probe found one; null when there is none; undefined meanwhile. */
export function useExpertPicture(probe: PictureProbe, id: string): string | null | undefined {
  const [found, setFound] = useState<{ id: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    void probe(id).then((url) => {
      if (live) setFound({ id, url });
    });
    return () => {
      live = false;
    };
  }, [probe, id]);
  return found?.id === id ? found.url : undefined;
}
