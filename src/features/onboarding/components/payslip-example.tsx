// A small, fictitious payslip header drawn in SVG (no copyrighted image): the collective agreement
// and its IDCC number are highlighted where a real payslip shows them.
import { fr } from '@/i18n/fr-onboarding';

export function PayslipExample() {
  const t = fr.onboarding.details.help;
  return (
    <figure className="payslip-figure">
      <svg
        className="payslip-example"
        viewBox="0 0 360 220"
        role="img"
        aria-labelledby="payslip-title"
      >
        <title id="payslip-title">{t.exampleAlt}</title>
        <rect
          x="1"
          y="1"
          width="358"
          height="218"
          rx="8"
          fill="#ffffff"
          stroke="#94a3b8"
          strokeWidth="2"
        />
        <text x="16" y="28" fontSize="13" fontWeight="700" fill="#0f172a">
          {t.example.company}
        </text>
        <text x="344" y="28" fontSize="13" fontWeight="700" fill="#0f172a" textAnchor="end">
          {t.example.title}
        </text>
        <text x="16" y="50" fontSize="11" fill="#334155">
          {t.example.period}
        </text>
        <text x="16" y="68" fontSize="11" fill="#334155">
          {t.example.employee}
        </text>
        <text x="16" y="86" fontSize="11" fill="#334155">
          {t.example.job}
        </text>
        <rect
          x="10"
          y="98"
          width="340"
          height="44"
          rx="6"
          fill="#fef3c7"
          stroke="#b45309"
          strokeWidth="2"
        />
        <text x="18" y="116" fontSize="11.5" fontWeight="700" fill="#78350f">
          {t.example.agreement}
        </text>
        <text x="18" y="134" fontSize="11.5" fontWeight="700" fill="#78350f">
          {t.example.idcc}
        </text>
        <line x1="10" y1="160" x2="350" y2="160" stroke="#cbd5e1" strokeWidth="1" />
        <text x="16" y="182" fontSize="11" fill="#475569">
          {t.example.lines}
        </text>
        <rect x="16" y="194" width="200" height="8" rx="4" fill="#e2e8f0" />
        <rect x="230" y="194" width="114" height="8" rx="4" fill="#e2e8f0" />
      </svg>
      <figcaption className="muted">{t.example.caption}</figcaption>
    </figure>
  );
}
