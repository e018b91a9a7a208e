import { useEffect, useId, useRef } from 'react';
import type { ExpertHit } from '@/domain/contracts';
import { cardTags, currentJobTitle, expertDisplayName } from '@/domain/experts';
import { normalizeSpaces } from '@/domain/text';
import { fr } from '@/i18n/fr';
import type { PictureProbe } from '@/lib/expert-search';
import { Button } from '@/components/ui/button';
import { ExpertAvatar } from './expert-avatar';

type ExpertCardProps = {
  hit: ExpertHit;
  probe: PictureProbe;
  /** Moves the focus to this card's name (first card added by 'Voir plus'). */
  focus?: boolean;
  /** 'Voir le profil': the expert's detail, with the booking (issue 29 item 8). */
  onOpen: (hit: ExpertHit) => void;
};

/** Name, current job, description, 5 skills and 3 tools then '+N autres', picture (02 §2.11). */
export function ExpertCard({ hit, probe, focus = false, onOpen }: ExpertCardProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = expertDisplayName(hit);
  const expertise = normalizeSpaces(hit.expertise_name ?? '');
  const job = currentJobTitle(hit.public_experiences);
  const description = normalizeSpaces(hit.description ?? '');
  const tags = cardTags(hit.skills, hit.tools);

  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);

  return (
    <article className="card expert-card" aria-labelledby={headingId}>
      <div className="expert-card-head">
        <ExpertAvatar id={hit.id} name={name} probe={probe} />
        <div className="expert-card-identity">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="expert-card-name">
            {name}
          </h2>
          {expertise && expertise !== name ? (
            <p className="expert-card-expertise">{expertise}</p>
          ) : null}
          {job ? <p className="expert-card-job">{fr.experts.currentJobLine(job)}</p> : null}
        </div>
      </div>
      {description ? <p className="expert-card-description">{description}</p> : null}
      <div className="expert-card-tags">
        {tags.skills.length > 0 ? (
          <ul className="expert-tags" aria-label={fr.experts.skills}>
            {tags.skills.map((skill) => (
              <li key={skill} className="expert-tag expert-tag-skill">
                {skill}
              </li>
            ))}
          </ul>
        ) : null}
        {tags.tools.length > 0 ? (
          <ul className="expert-tags" aria-label={fr.experts.tools}>
            {tags.tools.map((tool) => (
              <li key={tool} className="expert-tag expert-tag-tool">
                {tool}
              </li>
            ))}
          </ul>
        ) : null}
        {tags.more > 0 ? (
          <p className="expert-tags-more">{fr.experts.moreItems(tags.more)}</p>
        ) : null}
      </div>
      <div className="expert-card-actions">
        <Button
          variant="secondary"
          aria-label={fr.experts.detail.openNamed(name)}
          onClick={() => onOpen(hit)}
        >
          {fr.experts.detail.open}
        </Button>
      </div>
    </article>
  );
}
