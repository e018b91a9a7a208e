// An OPCO's mark (issue 16): its monogram on its colour, as chosen once in src/domain/opco-identity.
// Decorative: the OPCO's name is always written beside it. An unknown fund gets a neutral
// building icon.
import Landmark from 'lucide-react/icons/landmark';
import type { CSSProperties } from 'react';
import { opcoIdentity } from '@/domain/opco-identity';

export function OpcoMark({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  const identity = opcoIdentity(name);
  if (!identity) {
    return (
      <span className={`opco-mark opco-mark-${size} opco-mark-unknown`} aria-hidden="true">
        <Landmark className="icon" strokeWidth={1.75} />
      </span>
    );
  }
  const style = { '--opco-colour': identity.colour, '--opco-ink': identity.ink } as CSSProperties;
  return (
    <span
      className={`opco-mark opco-mark-${size}`}
      style={style}
      data-opco={identity.name}
      aria-hidden="true"
    >
      {identity.monogram}
    </span>
  );
}
