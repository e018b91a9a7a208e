// Renders the app icons (PWA manifest, Apple touch icon) from the brand mark (public/favicon.svg,
// src/components/brand.tsx: the brand's indigo, a white B, a mimosa dot) with Debian's chromium.
// Run: npx tsx scripts/generate-icons.ts   (outputs are committed in public/icons)
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';

const glyph = (scale: number) => `
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)">
    <path d="M170 128V384H292a68 68 0 0 0 0-136H170M170 248H276a60 60 0 0 0 0-120H170" fill="none"
      stroke="#ffffff" stroke-width="44" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="394" cy="138" r="34" fill="#ffc53d"/>
  </g>`;

const svg = (
  maskable: boolean,
) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  ${maskable ? '<rect width="512" height="512" fill="#3137a8"/>' : '<rect width="512" height="512" rx="128" fill="#3137a8"/>'}
  ${glyph(maskable ? 0.7 : 1)}
</svg>`;

const targets = [
  { file: 'public/icons/icon-192.png', size: 192, maskable: false },
  { file: 'public/icons/icon-512.png', size: 512, maskable: false },
  { file: 'public/icons/maskable-512.png', size: 512, maskable: true },
  { file: 'public/icons/apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage();
for (const t of targets) {
  await page.setViewportSize({ width: t.size, height: t.size });
  const markup = svg(t.maskable).replace(
    'width="512" height="512"',
    `width="${t.size}" height="${t.size}"`,
  );
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${markup}</body></html>`,
  );
  await page.screenshot({
    path: t.file,
    omitBackground: true,
    clip: { x: 0, y: 0, width: t.size, height: t.size },
  });
  console.log('wrote', t.file);
}
await browser.close();
