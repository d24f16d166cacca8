/** "Actualiser" at the top of a list screen: refetches its queries, a spinner in place of the icon while they load. */
import { RefreshIcon } from './icons.tsx';
import { buttonClass, Spinner } from './primitives.tsx';

export function RefreshButton({ fetching, onRefresh }: { fetching: boolean; onRefresh: () => void }) {
  return (
    <button type="button" className={buttonClass('secondary')} disabled={fetching} onClick={onRefresh}>
      {fetching ? <Spinner /> : <RefreshIcon size={16} />}
      Actualiser
    </button>
  );
}
