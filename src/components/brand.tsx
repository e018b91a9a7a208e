// The product's mark and name: an indigo tile with a white B and a mimosa dot (the favicon and
// app icons draw the same), then « Budget Formation ». Inline SVG: no request, no icon library.
import { common } from '@/i18n/fr/common';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 512 512"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="512" height="512" rx="128" fill="var(--color-primary, #3137a8)" />
      <path
        d="M170 128V384H292a68 68 0 0 0 0-136H170M170 248H276a60 60 0 0 0 0-120H170"
        fill="none"
        stroke="#fff"
        strokeWidth="44"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="394" cy="138" r="34" fill="var(--color-accent, #ffc53d)" />
    </svg>
  );
}

/** The mark and the name, one line; `as` keeps the element the screen had (p, span). */
export function Brand({ as: Tag = 'span', className }: { as?: 'span' | 'p'; className?: string }) {
  return (
    <Tag className={['brand', className].filter(Boolean).join(' ')}>
      <BrandMark />
      <span className="brand-name">{common.appName}</span>
    </Tag>
  );
}
