/**
 * "Voir plus" under a contact's lists (activities, e-mails, registrations): the API answers them one
 * page at a time, newest first (docs/decisions/089-contact-lists-are-paginated.md). The card shows the
 * first page; each click adds the next one below it. Each page is its own cached query, so a change
 * that invalidates the contact refreshes every page on screen.
 *
 * Focus: after a click, focus moves to the first item the new page brings (the button may disappear
 * with the last page), so a keyboard user goes on reading where the list grew.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { QuerySpec } from '../lib/query-cache.ts';
import { useQuery } from '../lib/query.ts';
import { buttonClass } from './primitives.tsx';

export function useSeeMore(limit: number) {
  const [pages, setPages] = useState(1);
  // A callback ref kept in state: the list element, read only when a page has rendered.
  const [list, setList] = useState<HTMLUListElement | null>(null);
  // The page just asked for: its first item takes the focus once that page is on screen.
  const [focusPage, setFocusPage] = useState<number | null>(null);
  const more = () => {
    setFocusPage(pages + 1);
    setPages(pages + 1);
  };
  /** Called by a page once its items are on screen: focuses its first item if a click asked for it. */
  const shown = useCallback(
    (page: number) => {
      if (page !== focusPage) return;
      const item = list?.children[(page - 1) * limit] as HTMLElement | undefined;
      if (!item) return;
      setFocusPage(null);
      item.focus();
    },
    [list, focusPage, limit],
  );
  const extraPages = Array.from({ length: pages - 1 }, (_, index) => index + 2);
  return { pages, extraPages, more, shown, setList };
}

/** The items of one page after the first (pages 2, 3…), or its loading text or error as one item. */
export function MorePage<D>({ page, spec, render, onShown }: { page: number; spec: QuerySpec<D>; render: (data: D) => ReactNode; onShown: (page: number) => void }) {
  const query = useQuery(spec);
  useEffect(() => {
    if (query.data) onShown(page);
  }, [query.data, onShown, page]);
  if (query.data) return <>{render(query.data)}</>;
  if (query.errorText) {
    return (
      <li role="alert" className="px-5 py-3 text-sm text-red-700">
        {query.errorText}
      </li>
    );
  }
  return (
    <li role="status" className="px-5 py-3 text-sm text-slate-500">
      Chargement...
    </li>
  );
}

/** "N sur TOTAL" and the button, under the list; nothing when everything fits on the first page. */
export function SeeMore({ pages, limit, total, onMore, label }: { pages: number; limit: number; total: number; onMore: () => void; label: string }) {
  if (total <= limit) return null;
  const shown = Math.min(total, pages * limit);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-5 py-3">
      <p className="text-xs text-slate-600" aria-live="polite">
        {shown} sur {total}
      </p>
      {shown < total ? (
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onMore} aria-label={`Voir plus : ${label}`}>
          Voir plus
        </button>
      ) : null}
    </div>
  );
}

/** Each item can take the focus from code only (tabIndex -1, out of the Tab order); the outline shows where it went. */
export const seeMoreItem = { tabIndex: -1, className: 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600' };
