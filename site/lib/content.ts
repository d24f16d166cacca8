/**
 * Reads the page copy from the content collections (site/content.config.ts). Each collection holds
 * exactly one YAML file, so a section asks for its collection by name.
 *
 * French typography is applied on the way out, so editors type ordinary spaces: the space before
 * « : ; ! ? % » and after a number becomes a no-break space (a title never starts a line with "?").
 * Form texts are left exactly as written: they are the specified wording, compared word for word.
 */
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';

const VERBATIM: ReadonlySet<CollectionKey> = new Set(['forms', 'newsletter']);

export async function content<C extends CollectionKey>(collection: C): Promise<CollectionEntry<C>['data']> {
  const [entry] = await getCollection(collection);
  if (!entry) {
    throw new Error(`Contenu manquant : aucun fichier YAML pour la collection « ${collection} » dans site/content/.`);
  }
  return VERBATIM.has(collection) ? entry.data : typeset(entry.data);
}

export function frenchSpacing(text: string): string {
  return (
    text
      .replace(/ ([:;!?%»])/g, '\u00a0$1')
      .replace(/(«) /g, '$1\u00a0')
      .replace(/(\d) (?=\S)/g, '$1\u00a0')
      // "e-mail" in a sentence is never split after its hyphen: a word joiner, invisible (decision 119). Not
      // a label standing alone ("E-mail"): its accessible name stays the word people say.
      .replace(/(?<=\s)([Ee])-(?=mails?\b)/g, '$1-\u2060')
  );
}

function typeset<T>(value: T): T {
  if (typeof value === 'string') return frenchSpacing(value) as T;
  if (Array.isArray(value)) return value.map(typeset) as T;
  // Images (from `image()`) are passed through untouched.
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !('src' in value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeset(item)])) as T;
  }
  return value;
}
