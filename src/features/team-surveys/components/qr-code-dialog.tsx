import { useEffect, useState } from 'react';
import { fr } from '@/i18n/fr';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

type Props = { name: string; link: string; onClose: () => void };

type State = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

/** File name of the downloaded QR code: the survey's name, kept to letters and digits. */
const fileName = (name: string) =>
  `qr-sondage-${
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'equipe'
  }.svg`;

/**
 * The survey link's QR code, to show or print for employees (issue 29 item 10). The encoder is
 * loaded when the dialog opens (mounted only then), not with the app.
 */
export function QrCodeDialog({ name, link, onClose }: Props) {
  const t = fr.teamSurveys.qrDialog;
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    import('../lib/qr-code').then(
      (qr) => {
        if (!cancelled) setState({ status: 'ready', url: qr.svgDataUrl(qr.qrCodeSvg(link)) });
      },
      () => {
        if (!cancelled) setState({ status: 'error' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [link]);

  return (
    <Dialog open onClose={onClose} title={t.title} size="sm">
      <div className="survey-qr">
        <p>{t.text}</p>
        {state.status === 'loading' ? <Spinner label={t.loading} /> : null}
        {state.status === 'error' ? <p role="alert">{t.error}</p> : null}
        {state.status === 'ready' ? (
          <>
            <img
              className="survey-qr-image"
              src={state.url}
              alt={t.alt(name)}
              width={256}
              height={256}
              data-testid="survey-qr-image"
            />
            <p className="survey-qr-link">{link}</p>
            <a className="btn btn-secondary btn-md" href={state.url} download={fileName(name)}>
              {t.download}
            </a>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
