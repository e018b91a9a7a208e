// Generic badges per OPCO logo keyword (02 §2.3), drawn for this product in public/images/opco/:
// not the funds' trademarked logos. No logo for Atlas (opcoLogoKey returns null).
import type { OpcoLogoKey } from '@/domain/opco';

const FILES: Record<OpcoLogoKey, string> = {
  akto: 'akto',
  ocapiat: 'ocapiat',
  '2i': 'opco-2i',
  afdas: 'afdas',
  cohesion: 'cohesion',
  commerce: 'commerce',
  construction: 'construction',
  proximité: 'proximite',
  mobilité: 'mobilites',
  santé: 'sante',
  default: 'default',
};

export function opcoLogoUrl(key: OpcoLogoKey): string {
  return `/images/opco/${FILES[key]}.svg`;
}
