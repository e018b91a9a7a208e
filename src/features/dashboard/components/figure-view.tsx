// The figure an employer can trust (issue 27), as the budget card shows it: the criteria's year
// and reliability, their age, each amount with its basis (HT, TTC, not stated), a dispute as a
// range, legal + conventional and their sum, « no yearly cap » with the hourly cap; the rule from
// 50 employees with the Code du travail's article; an IDCC the service does not know. The words
// are src/i18n/fr/dashboard.ts's, the view src/domain/budget-figure-display.ts's.
import { Badge } from '@/components/ui/badge';
import type { FigureAmount, FigureHeadline, FigureLine } from '@/domain/budget-figure-display';
import { isLargeText } from '@/domain/budget-display';
import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { ExternalLink } from './external-link';
import { amountText } from './figure-text';
import './figure-view.css';

const t = fr.dashboard.figure;

function headlineText(h: FigureHeadline): string {
  const year = h.year === null ? t.headline.noYear : String(h.year);
  if (h.status === 'outdated') return t.headline.outdated(year);
  const reliability = h.reliability ?? 'compilation';
  return t.headline[reliability](year);
}

export function FigureHeadlineBadges({ headline }: { headline: FigureHeadline }) {
  return (
    <p className="budget-figure-headline" data-testid="budget-headline">
      <Badge tone={headline.reliability === 'official' ? 'success' : 'info'}>
        {headlineText(headline)}
      </Badge>
      {headline.status === 'disputed' ? <Badge tone="warning">{t.headline.disputed}</Badge> : null}
      {headline.age === 'older_than_12_months' ? (
        <Badge tone="warning">{t.olderThan12Months}</Badge>
      ) : null}
      {headline.age === 'undated' ? <Badge tone="warning">{t.undated}</Badge> : null}
    </p>
  );
}

const FUND_LABEL = { total: t.total, legal: t.legal, conventional: t.conventional } as const;

function Amount({ amount }: { amount: FigureAmount }) {
  const text = amountText(amount);
  return (
    <>
      <span className={isLargeText(text) ? 'budget-amount budget-amount-small' : 'budget-amount'}>
        {text}
      </span>
      {amount.basis === 'unknown' ? (
        <span className="budget-basis-unknown">({t.basisUnknown})</span>
      ) : null}
    </>
  );
}

/** A cap in words (« Jusqu'à 40 € HT par heure de formation »), its basis said when unknown. */
function CapLine({
  dataLine,
  text,
  line,
}: {
  dataLine: string;
  text: string;
  line: { amount: FigureAmount };
}) {
  return (
    <p className="budget-line" data-line={dataLine}>
      <span className="budget-amount budget-amount-small">{text}</span>
      {line.amount.basis === 'unknown' ? (
        <span className="budget-basis-unknown">({t.basisUnknown})</span>
      ) : null}
    </p>
  );
}

function Line({ line, index }: { line: FigureLine; index: number }) {
  switch (line.kind) {
    case 'yearly':
      return (
        <p className="budget-line" data-line={`yearly-${line.fund}`}>
          <span className="budget-line-label">
            {index > 0 ? `${fr.dashboard.budget.secondLinePrefix} ` : ''}
            {FUND_LABEL[line.fund]}
          </span>{' '}
          <Amount amount={line.amount} />
        </p>
      );
    case 'sum':
      return (
        <p className="budget-line budget-line-sum" data-line="sum">
          <span className="budget-line-label">{t.sum}</span> <Amount amount={line.amount} />
        </p>
      );
    case 'withoutAmount':
      return (
        <p className="budget-line" data-line={`without-${line.fund}`}>
          <span className="budget-line-label">
            {index > 0 ? `${fr.dashboard.budget.secondLinePrefix} ` : ''}
            {FUND_LABEL[line.fund]}
          </span>{' '}
          <span className="budget-comments">{t.withoutAmount}</span>
        </p>
      );
    case 'noYearlyCap':
      return (
        <p className="budget-text" data-line="no-yearly-cap">
          {t.noYearlyCap}
        </p>
      );
    case 'hourly':
      return <CapLine dataLine="hourly" text={t.hourly(amountText(line.amount))} line={line} />;
    case 'perTrainee':
      return (
        <CapLine dataLine="per-trainee" text={t.perTrainee(amountText(line.amount))} line={line} />
      );
  }
}

export function FigureLines({ lines }: { lines: FigureLine[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <Line key={`${line.kind}-${i}`} line={line} index={i} />
      ))}
    </>
  );
}

/** From 50 employees on, nothing published for the band: the rule, plainly, and the OPCO's page. */
export function From50Rule() {
  return (
    <div className="budget-from50" data-testid="budget-from50">
      <p className="budget-text">{t.from50.title}</p>
      <p>{t.from50.rule}</p>
      <p className="budget-law">{t.from50.law}</p>
      <p>{t.from50.ask}</p>
    </div>
  );
}

/** An IDCC the budget API does not know: words and the advisor path, never an error code. */
export function UnknownIdcc({ idcc }: { idcc: string }) {
  return (
    <div className="budget-unknown-idcc" data-testid="budget-unknown-idcc">
      <p className="budget-text">{t.unknownIdcc.title}</p>
      <p>{t.unknownIdcc.text(idcc)}</p>
      <ExternalLink
        href={config.contactUrl}
        className="btn btn-secondary btn-md"
        action="budget_unknown_idcc_contact"
      >
        {t.unknownIdcc.action}
      </ExternalLink>
    </div>
  );
}
