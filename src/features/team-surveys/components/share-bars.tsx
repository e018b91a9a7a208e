// Horizontal SVG bars for percentages (loaded lazily by the results page). Each row is text first
// (label, percentage, count) so that screen readers and text-only views read the same figures; the
// bar itself is decorative.
import { fr } from '@/i18n/fr';

export type ShareBar = { key: string; label: string; count: number; percent: number };

export function ShareBars({ rows }: { rows: readonly ShareBar[] }) {
  return (
    <ul className="share-bars">
      {rows.map((row) => {
        const percent = fr.surveyResults.percent(row.percent);
        return (
          <li key={row.key} className="share-bar">
            <span className="share-bar-label">{row.label}</span>
            <svg
              className="share-bar-track"
              viewBox="0 0 100 8"
              preserveAspectRatio="none"
              aria-hidden="true"
              focusable="false"
            >
              <rect x="0" y="0" width="100" height="8" rx="4" className="share-bar-bg" />
              <rect
                x="0"
                y="0"
                width={Math.max(0, Math.min(100, row.percent))}
                height="8"
                rx="4"
                className="share-bar-fill"
              />
            </svg>
            <span className="share-bar-value">
              <span className="visually-hidden">
                {fr.surveyResults.share(row.label, percent, row.count)}
              </span>
              <span aria-hidden="true">{percent}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export default ShareBars;
