/**
 * Draws the site's illustrations (hero landscape, illustrated portraits, Open Graph image, favicons)
 * as SVG and rasterises them with sharp (already an Astro dependency). The PNG files are committed;
 * run this again only to change a drawing: `node site/assets/generate-images.ts`.
 * Astro's image pipeline then resizes and converts them (WebP/AVIF) at build time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ASSETS = import.meta.dirname;
const PUBLIC = path.join(import.meta.dirname, '..', 'public');

const PALETTE = {
  cream: '#f8f5ef',
  sand: '#efe8dc',
  pine: '#24483e',
  pineDark: '#16302a',
  copper: '#9a4f2a',
  copperLight: '#e4b48c',
};

function landscape(width: number, height: number, { horizon = 0.62 } = {}): string {
  const lake = horizon * height;
  /** A point given as fractions of the width and of the height above the horizon. */
  const at = (fx: number, above: number): [number, number] => [fx * width, lake - above * height];
  const line = (points: [number, number][]) => points.map(([px, py]) => `${px.toFixed(1)} ${py.toFixed(1)}`).join(' L');
  const between = (a: [number, number], b: [number, number], ratio: number): [number, number] => [a[0] + (b[0] - a[0]) * ratio, a[1] + (b[1] - a[1]) * ratio];
  const ridge: [number, number][] = [at(0, 0.2), at(0.12, 0.28), at(0.22, 0.2), at(0.34, 0.36), at(0.47, 0.19), at(0.58, 0.25), at(0.72, 0.14), at(0.86, 0.3), at(1, 0.18)];
  /** Snow on a peak: the top 28 % of both slopes, with a ragged lower edge. */
  const snow = (index: number) => {
    const peak = ridge[index]!;
    const left = between(peak, ridge[index - 1]!, 0.28);
    const right = between(peak, ridge[index + 1]!, 0.28);
    const middle = between(left, right, 0.5);
    const notchA = between(left, middle, 0.5);
    const notchB = between(middle, right, 0.5);
    return `<path d="M${line([peak, right, [notchB[0], notchB[1] - height * 0.012], [middle[0], middle[1] + height * 0.01], [notchA[0], notchA[1] - height * 0.01], left])} Z" fill="#f8f5ef" opacity="0.9"/>`;
  };
  const sun = at(0.66, 0.45);
  const reflections = Array.from({ length: 8 }, (_, index) => {
    const ry = lake + height * 0.04 + index * ((height - lake) / 9);
    const half = width * (0.03 + index * 0.018);
    return `<rect x="${(sun[0] - half).toFixed(1)}" y="${ry.toFixed(1)}" width="${(half * 2).toFixed(1)}" height="${(height * 0.005).toFixed(1)}" rx="2" fill="${PALETTE.copperLight}" opacity="${(0.6 - index * 0.06).toFixed(2)}"/>`;
  }).join('');
  const hills = (above: number[], fill: string) => {
    const step = width / (above.length - 1);
    let d = `M0 ${(lake - above[0]! * height).toFixed(1)}`;
    for (let index = 1; index < above.length; index++) {
      const x0 = (index - 1) * step;
      const x1 = index * step;
      const y0 = lake - above[index - 1]! * height;
      const y1 = lake - above[index]! * height;
      d += ` C${(x0 + step / 2).toFixed(1)} ${y0.toFixed(1)} ${(x1 - step / 2).toFixed(1)} ${y1.toFixed(1)} ${x1.toFixed(1)} ${y1.toFixed(1)}`;
    }
    return `<path d="${d} L${width} ${lake} L0 ${lake} Z" fill="${fill}"/>`;
  };
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e3ebe6"/>
      <stop offset="0.5" stop-color="#f4e6d4"/>
      <stop offset="1" stop-color="#f1d5b8"/>
    </linearGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#a9bdb3"/>
      <stop offset="1" stop-color="#35584d"/>
    </linearGradient>
    <radialGradient id="glow" cx="${(sun[0] / width).toFixed(2)}" cy="${(sun[1] / height).toFixed(2)}" r="0.5">
      <stop offset="0" stop-color="#fbe3c6" stop-opacity="1"/>
      <stop offset="1" stop-color="#fbe3c6" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <circle cx="${sun[0]}" cy="${sun[1]}" r="${(height * 0.07).toFixed(1)}" fill="${PALETTE.copperLight}"/>
  <path d="M${line(ridge)} L${width} ${lake} L0 ${lake} Z" fill="#c3d1c9"/>
  ${snow(3)}${snow(7)}${snow(1)}
  ${hills([0.1, 0.15, 0.08, 0.13, 0.06, 0.11, 0.07], '#7f9a8f')}
  ${hills([0.035, 0.07, 0.02, 0.05, 0.015, 0.045], PALETTE.pine)}
  <rect y="${lake}" width="${width}" height="${height - lake}" fill="url(#water)"/>
  ${reflections}`;
}

interface PortraitOptions {
  background: [string, string];
  skin: string;
  skinShade: string;
  hair: string;
  hairStyle: 'short' | 'long' | 'bob' | 'wavy';
  jacket: string;
  shirt: string;
  /** Moves the figure up (in units of a 600 px frame) for frames taller than wide. */
  lift?: number;
}

function portrait(width: number, height: number, options: PortraitOptions): string {
  const cx = width / 2;
  const scale = width / 600;
  const top = height - (600 + (options.lift ?? 0)) * scale;
  const t = (value: number) => (top + value * scale).toFixed(1);
  const x = (offset: number) => (cx + offset * scale).toFixed(1);
  const s = (value: number) => (value * scale).toFixed(1);
  const backHair: Record<PortraitOptions['hairStyle'], string> = {
    short: '',
    long: `<path d="M${x(-92)} ${t(250)} C${x(-110)} ${t(150)} ${x(-40)} ${t(148)} ${x(0)} ${t(150)} C${x(60)} ${t(148)} ${x(112)} ${t(170)} ${x(96)} ${t(270)} C${x(110)} ${t(380)} ${x(130)} ${t(440)} ${x(120)} ${t(470)} L${x(-120)} ${t(470)} C${x(-132)} ${t(430)} ${x(-104)} ${t(380)} ${x(-92)} ${t(250)} Z" fill="${options.hair}"/>`,
    bob: `<path d="M${x(-96)} ${t(270)} C${x(-112)} ${t(160)} ${x(-40)} ${t(150)} ${x(0)} ${t(152)} C${x(60)} ${t(150)} ${x(112)} ${t(175)} ${x(98)} ${t(280)} C${x(104)} ${t(330)} ${x(100)} ${t(360)} ${x(84)} ${t(370)} L${x(-84)} ${t(370)} C${x(-100)} ${t(360)} ${x(-104)} ${t(330)} ${x(-96)} ${t(270)} Z" fill="${options.hair}"/>`,
    wavy: '',
  };
  const frontHair: Record<PortraitOptions['hairStyle'], string> = {
    short: `<path d="M${x(-80)} ${t(262)} C${x(-90)} ${t(180)} ${x(-40)} ${t(162)} ${x(4)} ${t(164)} C${x(56)} ${t(166)} ${x(92)} ${t(196)} ${x(82)} ${t(262)} C${x(76)} ${t(226)} ${x(50)} ${t(210)} ${x(0)} ${t(208)} C${x(-40)} ${t(210)} ${x(-70)} ${t(226)} ${x(-80)} ${t(262)} Z" fill="${options.hair}"/>`,
    long: `<path d="M${x(-82)} ${t(270)} C${x(-86)} ${t(190)} ${x(-30)} ${t(168)} ${x(10)} ${t(172)} C${x(60)} ${t(176)} ${x(90)} ${t(214)} ${x(82)} ${t(270)} C${x(60)} ${t(228)} ${x(20)} ${t(206)} ${x(-20)} ${t(214)} C${x(-50)} ${t(222)} ${x(-72)} ${t(244)} ${x(-82)} ${t(270)} Z" fill="${options.hair}"/>`,
    bob: `<path d="M${x(-84)} ${t(268)} C${x(-88)} ${t(188)} ${x(-30)} ${t(168)} ${x(8)} ${t(170)} C${x(58)} ${t(172)} ${x(92)} ${t(206)} ${x(84)} ${t(268)} C${x(62)} ${t(236)} ${x(10)} ${t(222)} ${x(-30)} ${t(226)} C${x(-56)} ${t(232)} ${x(-74)} ${t(248)} ${x(-84)} ${t(268)} Z" fill="${options.hair}"/>`,
    wavy: `<path d="M${x(-82)} ${t(268)} C${x(-96)} ${t(200)} ${x(-60)} ${t(164)} ${x(-10)} ${t(162)} C${x(40)} ${t(156)} ${x(96)} ${t(180)} ${x(84)} ${t(262)} C${x(72)} ${t(240)} ${x(58)} ${t(236)} ${x(44)} ${t(222)} C${x(24)} ${t(230)} ${x(0)} ${t(214)} ${x(-18)} ${t(224)} C${x(-40)} ${t(214)} ${x(-62)} ${t(236)} ${x(-82)} ${t(268)} Z" fill="${options.hair}"/>`,
  };
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${options.background[0]}"/>
      <stop offset="1" stop-color="${options.background[1]}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${x(150)}" cy="${t(140)}" r="${s(150)}" fill="#ffffff" opacity="0.18"/>
  <g transform="translate(${x(0)} ${t(210)}) scale(1.1 1) translate(${-cx} ${-(top + 210 * scale)})">${backHair[options.hairStyle]}</g>
  <path d="M${x(-215)} ${height} C${x(-205)} ${t(470)} ${x(-120)} ${t(425)} ${x(0)} ${t(420)} C${x(120)} ${t(425)} ${x(205)} ${t(470)} ${x(215)} ${height} Z" fill="${options.jacket}"/>
  <path d="M${x(-48)} ${t(428)} L${x(0)} ${t(530)} L${x(48)} ${t(428)} Z" fill="${options.shirt}"/>
  <rect x="${x(-32)}" y="${t(330)}" width="${s(64)}" height="${s(104)}" rx="${s(30)}" fill="${options.skinShade}"/>
  <ellipse cx="${x(-80)}" cy="${t(285)}" rx="${s(14)}" ry="${s(22)}" fill="${options.skinShade}"/>
  <ellipse cx="${x(80)}" cy="${t(285)}" rx="${s(14)}" ry="${s(22)}" fill="${options.skinShade}"/>
  <ellipse cx="${x(0)}" cy="${t(278)}" rx="${s(80)}" ry="${s(92)}" fill="${options.skin}"/>
  <g transform="translate(${x(0)} ${t(210)}) scale(1.12 1.04) translate(${-cx} ${-(top + 210 * scale)})">${frontHair[options.hairStyle]}</g>
  <path d="M${x(-48)} ${t(428)} L${x(0)} ${t(500)} L${x(-22)} ${height} L${x(-110)} ${height} C${x(-100)} ${t(520)} ${x(-80)} ${t(460)} ${x(-48)} ${t(428)} Z" fill="#000000" opacity="0.08"/>`;
}

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`);
}

const LOGO_MARK = (size: number) => `
  <rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${PALETTE.pine}"/>
  <circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.3}" fill="none" stroke="${PALETTE.cream}" stroke-width="${size * 0.07}"/>
  <circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.12}" fill="${PALETTE.copperLight}"/>`;

async function png(file: string, width: number, height: number, body: string): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(svg(width, height, body))
    .png({ compressionLevel: 9, palette: false })
    .toFile(file);
  console.log('écrit', path.relative(process.cwd(), file));
}

await png(path.join(ASSETS, 'hero-leman.png'), 1600, 1200, landscape(1600, 1200));

const portraits: Record<string, [number, number, PortraitOptions]> = {
  'thomas-berset': [
    600,
    600,
    {
      background: ['#dfe8e2', '#b9cbc2'],
      skin: '#e8c4a6',
      skinShade: '#d8ae8e',
      hair: '#4a3a2f',
      hairStyle: 'short',
      jacket: '#2f4a5c',
      shirt: '#f3efe7',
    },
  ],
  'nadia-keller': [
    600,
    600,
    {
      background: ['#f2e3d3', '#e2c6ab'],
      skin: '#c98f6b',
      skinShade: '#b57c5a',
      hair: '#2a1f1b',
      hairStyle: 'long',
      jacket: '#24483e',
      shirt: '#efe8dc',
    },
  ],
  'marc-antoine-dubois': [
    600,
    600,
    {
      background: ['#e6e2da', '#cfc7b8'],
      skin: '#f0cfb5',
      skinShade: '#dfb99c',
      hair: '#8a8580',
      hairStyle: 'wavy',
      jacket: '#5b4636',
      shirt: '#dfe8e2',
    },
  ],
  'camille-rochat': [
    720,
    900,
    {
      background: ['#dfe8e2', '#a9c0b5'],
      skin: '#ecc7a8',
      skinShade: '#d9b090',
      hair: '#7a4a2e',
      hairStyle: 'bob',
      jacket: '#9a4f2a',
      shirt: '#f8f5ef',
      lift: 140,
    },
  ],
};
for (const [name, [width, height, options]] of Object.entries(portraits)) {
  await png(path.join(ASSETS, 'portraits', `${name}.png`), width, height, portrait(width, height, options));
}

await png(
  path.join(ASSETS, 'og-image.png'),
  1200,
  630,
  `<svg x="560" y="0" width="640" height="630" viewBox="0 0 640 630" preserveAspectRatio="xMidYMid slice">${landscape(640, 630, { horizon: 0.66 })}</svg>
  <rect width="600" height="630" fill="${PALETTE.pineDark}"/>
  <g transform="translate(72 96)">${LOGO_MARK(72)}</g>
  <text x="72" y="300" font-family="Liberation Serif, DejaVu Serif, serif" font-size="68" fill="${PALETTE.cream}">Clairval</text>
  <text x="72" y="372" font-family="Liberation Serif, DejaVu Serif, serif" font-size="54" fill="${PALETTE.copperLight}">Inner Circle</text>
  <text x="72" y="460" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="26" fill="#c9d6cf">Le bien-être mental des dirigeants</text>
  <text x="72" y="498" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="26" fill="#c9d6cf">en Suisse romande</text>`,
);

// Favicons: SVG for modern browsers, PNG for the rest and for home-screen icons.
writeFileSync(path.join(PUBLIC, 'favicon.svg'), svg(64, 64, LOGO_MARK(64)));
await png(path.join(PUBLIC, 'favicon-32.png'), 32, 32, LOGO_MARK(32));
await png(path.join(PUBLIC, 'apple-touch-icon.png'), 180, 180, `<rect width="180" height="180" fill="${PALETTE.pine}"/>${LOGO_MARK(180)}`);
