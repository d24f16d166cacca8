/** Where the landing page lives, and how links reach one of its sections. */
export const LANDING_PATH = '/innercircle/';

/** On the landing page a section link is an in-page anchor; elsewhere it goes to /innercircle/#section. */
export function sectionHref(section: string, onLanding: boolean): string {
  return onLanding ? `#${section}` : `${LANDING_PATH}#${section}`;
}
