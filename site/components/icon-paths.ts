/**
 * Line icons (24 × 24, stroke 1.6, drawn for this site). Content files refer to them by name, and
 * site/content.config.ts only accepts these names, so a typo fails the build.
 */
export const ICON_PATHS = {
  target: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 16.5a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Z', 'M12 12h.01'],
  sun: ['M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M12 2.5v2', 'M12 19.5v2', 'm4.9 4.9 1.4 1.4', 'm17.7 17.7 1.4 1.4', 'M2.5 12h2', 'M19.5 12h2', 'm4.9 19.1 1.4-1.4', 'm17.7 6.3 1.4-1.4'],
  heart: ['M12 20s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20Z'],
  bolt: ['M13 2.5 5 13.5h6l-1 8 8-11h-6l1-8Z'],
  play: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M10 8.5v7l5.5-3.5L10 8.5Z'],
  mic: ['M12 14.5a3 3 0 0 0 3-3v-5a3 3 0 0 0-6 0v5a3 3 0 0 0 3 3Z', 'M18.5 11.5a6.5 6.5 0 0 1-13 0', 'M12 18v3.5', 'M8.5 21.5h7'],
  users: ['M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z', 'M2.5 20.5a6.5 6.5 0 0 1 13 0', 'M16 4.2a3.5 3.5 0 0 1 0 6.6', 'M18 14.3a6.5 6.5 0 0 1 3.5 6.2'],
  chat: ['M20.5 12a8 8 0 0 1-11.7 7.1L3.5 20.5l1.4-5A8 8 0 1 1 20.5 12Z', 'M8.5 12h.01', 'M12 12h.01', 'M15.5 12h.01'],
  chart: ['M7 2.5h10a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H7A1.5 1.5 0 0 1 5.5 20V4A1.5 1.5 0 0 1 7 2.5Z', 'M9 16.5v-3', 'M12 16.5v-6', 'M15 16.5v-4.5'],
  moon: ['M20 14.5A8.5 8.5 0 1 1 9.5 4a6.6 6.6 0 0 0 10.5 10.5Z'],
  compass: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'm15.5 8.5-2 5-5 2 2-5 5-2Z'],
  leaf: ['M5 19c0-8 5-13.5 15-14-.3 9.5-5.5 15-13 15H5v-1Z', 'M5 19c3-3.5 6-6.5 10-9.5'],
  check: ['m5 12.5 4.5 4.5L19 7.5'],
  linkedin: ['M4.5 9.5v10', 'M4.5 5.5v.01', 'M9.5 19.5v-10', 'M9.5 14a4 4 0 0 1 8 0v5.5'],
  instagram: ['M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3Z', 'M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z', 'M17 7h.01'],
  youtube: ['M3 8.5A3.5 3.5 0 0 1 6.5 5h11A3.5 3.5 0 0 1 21 8.5v7a3.5 3.5 0 0 1-3.5 3.5h-11A3.5 3.5 0 0 1 3 15.5v-7Z', 'm10 9 5 3-5 3V9Z'],
  external: ['M14 4h6v6', 'M20 4l-9 9', 'M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'],
  arrowRight: ['M4.5 12h15', 'm13.5 6 6 6-6 6'],
  star: ['m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8L12 3Z'],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof ICON_PATHS;
export const ICON_NAMES = Object.keys(ICON_PATHS) as [IconName, ...IconName[]];
export const SOCIAL_NETWORKS = ['linkedin', 'instagram', 'youtube'] as const;
