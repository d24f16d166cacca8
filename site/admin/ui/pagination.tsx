/** Pagination controls; both render nothing when everything fits on one page. */
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { buttonClass, cx, focusRing } from './primitives.tsx';

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** First, last, current ±1, with an ellipsis wherever pages are skipped: [1, '…', 4, 5, 6, '…', 10]. */
export function pageItems(current: number, pages: number): (number | 'ellipsis')[] {
  const wanted = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | 'ellipsis')[] = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1]! > 1) items.push('ellipsis');
    items.push(page);
  });
  return items;
}

export function Pagination({ page, pages, onPage, label = 'Pagination' }: { page: number; pages: number; onPage: (page: number) => void; label?: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-1 px-4 py-3">
      <button type="button" className={buttonClass('ghost', 'sm')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon size={16} />
        <span className="hidden sm:inline">Précédent</span>
        <span className="sr-only sm:hidden">Page précédente</span>
      </button>
      <ul className="flex items-center gap-1">
        {pageItems(page, pages).map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`e${index}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                onClick={() => onPage(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                className={
                  item === page
                    ? cx('inline-flex h-8 min-w-8 items-center justify-center rounded-md bg-accent-50 px-2 text-sm font-semibold text-accent-700 ring-1 ring-accent-200 ring-inset', focusRing)
                    : buttonClass('ghost', 'sm', 'min-w-8 px-2')
                }
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className={buttonClass('ghost', 'sm')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <span className="hidden sm:inline">Suivant</span>
        <span className="sr-only sm:hidden">Page suivante</span>
        <ChevronRightIcon size={16} />
      </button>
    </nav>
  );
}

/** "Page X sur Y" with previous and next (tabbed admin page). */
export function SimplePagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2 px-4 py-3">
      <button type="button" className={buttonClass('secondary', 'sm')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon size={16} />
        <span className="sr-only sm:not-sr-only">Précédent</span>
      </button>
      <p className="text-sm whitespace-nowrap text-slate-600" aria-live="polite">
        Page {page} sur {pages}
      </p>
      <button type="button" className={buttonClass('secondary', 'sm')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <span className="sr-only sm:not-sr-only">Suivant</span>
        <ChevronRightIcon size={16} />
      </button>
    </nav>
  );
}
