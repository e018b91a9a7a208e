import { useState } from 'react';
import { initials } from '@/domain/experts';
import { fr } from '@/i18n/fr';
import type { PictureProbe } from '@/lib/expert-search';
import { useExpertPicture } from '../hooks/use-expert-picture';

/** The expert's picture when a storage location has one, otherwise the initials (decorative: the name is the card's heading). */
export function ExpertAvatar({
  id,
  name,
  probe,
}: {
  id: string;
  name: string;
  probe: PictureProbe;
}) {
  const url = useExpertPicture(probe, id);
  const [broken, setBroken] = useState<string | null>(null);
  if (url && broken !== url) {
    return (
      <img
        className="expert-avatar"
        src={url}
        alt={fr.experts.pictureAlt(name)}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(url)}
      />
    );
  }
  return (
    <span
      className="expert-avatar expert-avatar-initials"
      aria-hidden="true"
      data-testid="expert-initials"
      data-pending={url === undefined ? '' : undefined}
    >
      {initials(name)}
    </span>
  );
}
