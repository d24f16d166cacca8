/** Files the server reads at run time, found from this module's place whatever the working directory. */
import path from 'node:path';

/** The repository's root (api/platform/ is two levels below). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A copy file of the site (site/content/<name>), which the server also reads. */
export function contentFile(name: string): string {
  return path.join(ROOT, 'site', 'content', name);
}
