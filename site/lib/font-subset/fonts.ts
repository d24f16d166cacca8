/**
 * The site's two web fonts and what each must be able to draw (decision 041). The build subsets the
 * full files under site/public/fonts/ to these characters (see subset.ts); site/layouts/public.css
 * declares the same families, files and weight ranges (a unit test checks they agree).
 */

export interface SiteFont {
  /** The CSS family name of its @font-face. */
  family: string;
  /** File name under site/public/fonts/ (the full font) and dist/fonts/ (its subset). */
  file: string;
  /** The weights the site uses: the variable `wght` axis is cut to this range. */
  weights: { min: number; max: number };
  /**
   * `body`: any text, including what visitors type into the forms and the API's messages in toasts;
   * `display`: headings, questions and figures, which only ever show the content files' copy.
   */
  role: 'body' | 'display';
}

export const SITE_FONTS: SiteFont[] = [
  // Body text: normal, medium and semibold, and bold for <strong> (the form error page).
  { family: 'Inter Variable', file: 'inter-latin-wght.woff2', weights: { min: 400, max: 700 }, role: 'body' },
  // Display text: normal (FAQ questions, quotes), medium (headings) and semibold (the hero's figure).
  { family: 'Fraunces Variable', file: 'fraunces-latin-wght.woff2', weights: { min: 400, max: 600 }, role: 'display' },
];

/**
 * Layout features kept in the subsets: the ones browsers apply by default (kerning, ligatures,
 * contextual forms, marks, localized forms, and `rvrn`, the variable fonts' weight-dependent
 * glyphs). The others (stylistic sets, tabular figures, fractions…) are not used by the site's CSS.
 */
export const KEPT_FEATURES = ['kern', 'liga', 'clig', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'rclt', 'rvrn'];
