import type { ReactNode } from 'react';

/** A one-message screen of the public survey (not found, closed, missing id, unavailable). */
export function SurveyMessage({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="page public-survey">
      <div className="card public-survey-card public-survey-message">
        <h1 className="page-title">{title}</h1>
        {text ? <p className="muted">{text}</p> : null}
        {children}
      </div>
    </div>
  );
}
