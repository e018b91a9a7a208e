import { common } from '@/i18n/fr/common';

export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return (
    <span
      className="spinner"
      role="status"
      aria-label={label ?? common.loading}
      style={{ width: size, height: size }}
    />
  );
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size={32} label={label ?? common.loading} />
      {label ? <p>{label}</p> : null}
    </div>
  );
}
