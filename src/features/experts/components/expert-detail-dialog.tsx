import type { ExpertHit } from '@/domain/contracts';
import { expertProfile } from '@/domain/expert-detail';
import { fr } from '@/i18n/fr';
import type { PictureProbe } from '@/lib/expert-search';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ExpertAvatar } from './expert-avatar';

type Props = {
  hit: ExpertHit | null;
  probe: PictureProbe;
  onClose: () => void;
  /** « Prendre rendez-vous »: the booking modal about this expert. */
  onBook: (hit: ExpertHit) => void;
};

function Tags({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="expert-detail-group">
      <h3 className="expert-detail-label">{label}</h3>
      <ul className="expert-tags" aria-label={label}>
        {items.map((item) => (
          <li key={item} className="expert-tag">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An expert's profile, opened from their card, with the booking the app has (issue 29 item 8). */
export function ExpertDetailDialog({ hit, probe, onClose, onBook }: Props) {
  const t = fr.experts.detail;
  if (!hit) return null;
  const p = expertProfile(hit);
  const facts: Array<[string, string]> = [];
  if (p.sectors.length > 0) facts.push([t.sector, p.sectors.join(', ')]);
  if (p.markets.length > 0) facts.push([t.market, p.markets.join(', ')]);
  if (p.levels.length > 0) facts.push([t.levels, p.levels.map((l) => t.levelNames[l]).join(', ')]);
  return (
    <Dialog
      open
      onClose={onClose}
      title={p.name}
      size="lg"
      footer={
        <Button onClick={() => onBook(hit)} data-autofocus>
          {t.book}
        </Button>
      }
    >
      <div className="expert-detail">
        <div className="expert-detail-head">
          <ExpertAvatar id={hit.id} name={p.name} probe={probe} />
          <div>
            {p.expertise ? <p className="expert-card-expertise">{p.expertise}</p> : null}
            {p.experiences
              .filter((e) => e.current)
              .slice(0, 1)
              .map((e) => (
                <p key={e.title} className="expert-card-job">
                  {fr.experts.currentJobLine(e.title)}
                </p>
              ))}
          </div>
        </div>
        {p.description ? (
          <div className="expert-detail-group">
            <h3 className="expert-detail-label">{t.about}</h3>
            <p>{p.description}</p>
          </div>
        ) : null}
        {facts.length > 0 ? (
          <dl className="expert-detail-facts">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <Tags label={fr.experts.skills} items={p.skills} />
        <Tags label={fr.experts.tools} items={p.tools} />
        {p.experiences.length > 0 ? (
          <div className="expert-detail-group">
            <h3 className="expert-detail-label">{t.experiences}</h3>
            <ul className="expert-detail-experiences">
              {p.experiences.map((e) => (
                <li key={`${e.current}-${e.title}`}>
                  {e.title}
                  {e.current ? <span className="muted"> ({t.currentJob})</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="expert-detail-hint muted">{t.bookHint}</p>
      </div>
    </Dialog>
  );
}
