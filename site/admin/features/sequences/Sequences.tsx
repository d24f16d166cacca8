/**
 * Emails → Séquences (/admin/emails/sequences): every sequence with its entry event, state, number of
 * steps, and its people in progress and converted (its figures, `GET …/sequences/{id}/stats`). An
 * administrator starts a new one here; a viewer reads.
 */
import { SEQUENCE_ENTRY_LABELS } from '#contract/sequences';
import { useQuery } from '../../lib/query.ts';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { buttonClass, Card, cx, PageHeader } from '../../ui/primitives.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { ListTable, td } from '../../ui/table.tsx';
import { EmailsTabs } from '../emails/index.ts';
import { SequenceStatusBadge } from './badges.tsx';
import { SEQUENCE_COPY } from './copy.ts';
import { sequenceQueries, type SequenceAnswer } from './queries.ts';

const copy = SEQUENCE_COPY.list;
const link = 'rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600';

/** A sequence's row: its figures load with it (one small call per sequence: a team has a handful). */
function Row({ sequence }: { sequence: SequenceAnswer }) {
  const stats = useQuery(sequenceQueries.stats(sequence.id));
  const figure = (value: number | undefined) => (value === undefined ? '…' : value);
  return (
    <tr className="group hover:bg-slate-50">
      <td className={cx(td, 'font-medium text-slate-900')}>
        <a href={`/admin/emails/sequences/${sequence.id}`} className={link}>
          {sequence.name}
        </a>
      </td>
      <td className={td}>{SEQUENCE_ENTRY_LABELS[sequence.entry.event]}</td>
      <td className={td}>
        <SequenceStatusBadge status={sequence.status} />
      </td>
      <td className={cx(td, 'tabular-nums')}>{sequence.steps.length}</td>
      <td className={cx(td, 'tabular-nums')}>{figure(stats.data?.active)}</td>
      <td className={cx(td, 'tabular-nums')}>{figure(stats.data?.converted)}</td>
      <td className={td}>
        <a href={`/admin/emails/sequences/${sequence.id}/stats`} className={cx(link, 'text-accent-700')}>
          {copy.stats}
          <span className="sr-only"> : {sequence.name}</span>
        </a>
      </td>
    </tr>
  );
}

export function Sequences() {
  const list = useQuery(sequenceQueries.list());
  return (
    <>
      <PageHeader
        title={copy.title}
        description={copy.description}
        actions={
          <>
            <RefreshButton fetching={list.fetching} onRefresh={() => void list.refetch()} />
            <CanEdit>
              <a href="/admin/emails/sequences/new" className={buttonClass('primary')}>
                <PlusIcon size={16} /> {copy.create}
              </a>
            </CanEdit>
          </>
        }
      />
      <EmailsTabs current="sequences" />
      <Card>
        <ListTable label={copy.tableLabel} minWidth="min-w-[860px]" columns={copy.columns} state={list} rows={list.data?.items} loading={copy.loading} empty={copy.empty}>
          {(sequence) => <Row key={sequence.id} sequence={sequence} />}
        </ListTable>
      </Card>
    </>
  );
}
