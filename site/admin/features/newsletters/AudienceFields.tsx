/**
 * The audience: every confirmed subscriber, or only those with at least one of the ticked tags,
 * and how many that is now (the server counts again when the issue is sent).
 */
import { useQuery } from '../../lib/query.ts';
import { tagQueries } from '../tags/queries.ts';
import { NEWSLETTER_COPY } from './copy.ts';
import { newsletterQueries } from './queries.ts';

const copy = NEWSLETTER_COPY.editor;

/** The number of recipients the audience `tags` has now, or undefined while it loads. */
export function useAudienceCount(tags: readonly string[]): number | undefined {
  return useQuery(newsletterQueries.audience([...tags].sort((a, b) => a.localeCompare(b, 'fr')))).data?.count;
}

export function AudienceFields({ tags, onChange, disabled }: { tags: string[]; onChange: (tags: string[]) => void; disabled: boolean }) {
  const all = useQuery(tagQueries.all());
  const count = useAudienceCount(tags);
  const chosen = new Set(tags.map((tag) => tag.toLowerCase()));
  // A chosen tag no contact carries any more still shows, so it can be unticked.
  const names = [...new Set([...(all.data?.tags.map((tag) => tag.name) ?? []), ...tags])];

  function toggle(name: string, checked: boolean) {
    onChange(checked ? [...tags, name] : tags.filter((tag) => tag.toLowerCase() !== name.toLowerCase()));
  }

  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{copy.tagsLegend}</legend>
      <p className="text-sm text-slate-500">{copy.audienceAll}</p>
      {names.length === 0 ? (
        <p className="text-sm text-slate-500">{copy.noTags}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {names.map((name) => (
            <li key={name}>
              <label className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-700 has-checked:border-accent-600 has-checked:bg-accent-50 has-focus-visible:outline-2 has-focus-visible:outline-accent-600">
                <input type="checkbox" name="tags" value={name} checked={chosen.has(name.toLowerCase())} onChange={(event) => toggle(name, event.target.checked)} className="accent-accent-600" />
                {name}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm font-semibold text-slate-900" aria-live="polite" data-audience-count>
        {count === undefined ? copy.audienceLoading : copy.audienceCount(count)}
      </p>
    </fieldset>
  );
}
