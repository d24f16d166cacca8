/**
 * What a card's list shows instead of items: the loading text, the error, or the empty text.
 * Returns null when there are items to render (the list-table counterpart is `tableState`).
 */
import type { ReactNode } from 'react';
import { cx } from './primitives.tsx';

export function listState(
  state: { loading: boolean; errorText?: string | null },
  isEmpty: boolean,
  texts: { loading: string; empty: string; spacing?: string; centerEmpty?: boolean },
): ReactNode | null {
  const item = cx('px-5 text-sm', texts.spacing ?? 'py-6');
  if (state.loading) return <li className={cx(item, 'text-slate-500')}>{texts.loading}</li>;
  if (state.errorText) {
    return (
      <li role="alert" className={cx(item, 'text-red-700')}>
        {state.errorText}
      </li>
    );
  }
  if (isEmpty) return <li className={cx(item, 'text-slate-500', texts.centerEmpty && 'text-center')}>{texts.empty}</li>;
  return null;
}
