// The QR code of a survey's link as an SVG image (issue 29 item 10). Loaded on demand only (dynamic
// import from the QR dialog): the encoder stays out of the app's first load.
import { renderSVG } from 'uqr';

/** An SVG document encoding `text` (error correction M: still readable when printed small or worn). */
export function qrCodeSvg(text: string): string {
  return renderSVG(text, { ecc: 'M', border: 2, pixelSize: 8 });
}

/** The SVG as an image address (for <img> and the download link). */
export const svgDataUrl = (svg: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
