/** The list tables of the back office: scrolling shell, header row, cell classes, loading/empty/error rows. */
import type { ReactNode } from 'react';
import { cx } from './primitives.tsx';

/**
 * A table that scrolls sideways on phones instead of squeezing its columns. `fixed`: the columns
 * take the widths of the table's `<colgroup>` (table-layout: fixed), so long values are cut with an
 * ellipsis (`TruncatedText`) instead of widening the table past its box.
 */
export function Table({ children, label, minWidth = 'min-w-[720px]', fixed = false }: { children: ReactNode; label: string; minWidth?: string; fixed?: boolean }) {
  return (
    <div className="relative overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className={cx('w-full text-left text-sm', fixed && 'table-fixed', minWidth)}>{children}</table>
    </div>
  );
}

/** One line cut with an ellipsis when its column is too narrow; the whole text stays in `title` (and for screen readers, in the DOM). */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cx('block truncate', className)} title={text}>
      {text}
    </span>
  );
}

export const th = 'px-3 py-3 first:pl-5 last:pr-5 text-xs font-semibold tracking-wide text-slate-500 uppercase whitespace-nowrap bg-slate-50 border-b border-slate-200';
export const td = 'px-3 py-3 first:pl-5 last:pr-5 align-middle text-slate-700';

/** Narrower side padding, for a table that must fit many columns in its box (the contacts list). */
export const thCompact = th.replace('px-3 ', 'px-2 ');
/** A compact header that may wrap between its words ("Date d'" / "inscription") rather than widen its column. */
const thCompactWrapping = thCompact.replace(' whitespace-nowrap', '');
export const tdCompact = td.replace('px-3 ', 'px-2 ');

/** The actions column stays in view at the right edge while a wide table scrolls sideways. */
export const thActions = 'sticky right-0 z-[1] text-right shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)]';
export const tdActions = 'sticky right-0 z-[1] bg-white text-right shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)] group-hover:bg-slate-50';

/**
 * The header row of a list table; an "Actions" column stays in view at the right edge; `leading`: a
 * cell before them (a select-all box). `compact`: narrower padding, and a long header may wrap
 * between its words rather than widen its column.
 */
export function TableHead({ columns, leading, compact = false }: { columns: readonly string[]; leading?: ReactNode; compact?: boolean }) {
  const cell = compact ? thCompactWrapping : th;
  return (
    <thead>
      <tr>
        {leading}
        {columns.map((column) => (
          <th key={column} scope="col" className={column === 'Actions' ? cx(cell, thActions) : cell}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * What a list table shows instead of rows: the loading text, the error (only when nothing is cached
 * to show), or the empty text. Returns null when there are rows to render.
 */
export function tableState(state: { loading: boolean; errorText?: string | null; data?: unknown }, isEmpty: boolean, texts: { colSpan: number; loading: string; empty: string }): ReactNode | null {
  if (state.loading) return <TableMessage colSpan={texts.colSpan}>{texts.loading}</TableMessage>;
  if (state.errorText && !state.data) {
    return (
      <TableMessage colSpan={texts.colSpan}>
        <span role="alert" className="text-red-700">
          {state.errorText}
        </span>
      </TableMessage>
    );
  }
  if (isEmpty) return <TableMessage colSpan={texts.colSpan}>{texts.empty}</TableMessage>;
  return null;
}

export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}

/**
 * A list table with its header row, whose body is the rows drawn by `children`, or in their place
 * the loading text, the error or the empty text (`tableState`).
 */
export function ListTable<T>(props: {
  label: string;
  minWidth?: string;
  columns: readonly string[];
  state: { loading: boolean; errorText?: string | null; data?: unknown };
  rows: readonly T[] | undefined;
  loading: string;
  empty: string;
  children: (row: T) => ReactNode;
}) {
  const rows = props.rows ?? [];
  return (
    <Table label={props.label} minWidth={props.minWidth}>
      <TableHead columns={props.columns} />
      <tbody className="divide-y divide-slate-100">
        {tableState(props.state, rows.length === 0, { colSpan: props.columns.length, loading: props.loading, empty: props.empty }) ?? rows.map(props.children)}
      </tbody>
    </Table>
  );
}
