/**
 * Tags (/admin/tags, decision 066): every tag with its number of contacts, sortable; a tag opens the
 * contacts list filtered by it. Administrators rename (merging into an existing tag, any letter case)
 * and delete, each confirmed with the number of contacts that change.
 */
import { useState } from 'react';
import type { TagJson } from '#contract/contacts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { tagMutations, tagQueries } from './queries.ts';
import { contactsText } from './contacts-text.ts';
import { useCanEdit } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { buttonClass, Card, cx, PageHeader } from '../../ui/primitives.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { Table, tableState, td, th } from '../../ui/table.tsx';
import { RenameTagDialog } from './RenameTagDialog.tsx';

type SortKey = 'name' | 'count';
type Sort = { key: SortKey; direction: 'asc' | 'desc' };

function sorted(tags: TagJson[], sort: Sort): TagJson[] {
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...tags].sort((a, b) => (sort.key === 'name' ? factor * a.name.localeCompare(b.name, 'fr') : factor * (a.count - b.count) || a.name.localeCompare(b.name, 'fr')));
}

function SortHeader({ label, column, sort, onSort }: { label: string; column: SortKey; sort: Sort; onSort: (key: SortKey) => void }) {
  const active = sort.key === column;
  return (
    <th scope="col" className={th} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}

export function Tags() {
  const list = useQuery(tagQueries.all());
  const canEdit = useCanEdit();
  const [sort, setSort] = useState<Sort>({ key: 'count', direction: 'desc' });
  const [renaming, setRenaming] = useState<TagJson | undefined>();
  const [deleting, setDeleting] = useState<TagJson | undefined>();
  const tags = sorted(list.data?.tags ?? [], sort);
  const remove = useMutation((tag: TagJson) => tagMutations.remove(tag.name), {
    onSuccess: (result, tag) => {
      setDeleting(undefined);
      toast({
        title: 'Tag supprimé',
        description: `« ${tag.name} » a été retiré de ${contactsText(result.contacts)}.`,
      });
    },
    onError: (error) => {
      setDeleting(undefined);
      toastError(errorMessage(error));
    },
  });

  const onSort = (key: SortKey) => setSort((current) => (current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: key === 'name' ? 'asc' : 'desc' }));
  const columns = canEdit ? 3 : 2;

  return (
    <>
      <PageHeader
        title="Tags"
        description="Les étiquettes posées sur les contacts. Cliquez sur un tag pour voir ses contacts."
        actions={<RefreshButton fetching={list.fetching} onRefresh={() => void list.refetch()} />}
      />
      <Card>
        <Table label="Liste des tags" minWidth="min-w-[520px]">
          <thead>
            <tr>
              <SortHeader label="Tag" column="name" sort={sort} onSort={onSort} />
              <SortHeader label="Contacts" column="count" sort={sort} onSort={onSort} />
              {canEdit ? (
                <th scope="col" className={cx(th, 'text-right')}>
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tableState(list, tags.length === 0, {
              colSpan: columns,
              loading: 'Chargement des tags...',
              empty: 'Aucun tag pour le moment',
            }) ??
              tags.map((tag) => (
                <tr key={tag.name} className="group hover:bg-slate-50">
                  <td className={cx(td, 'font-medium text-slate-900')}>
                    <a
                      href={`/admin/leads?${new URLSearchParams({ tag: tag.name }).toString()}`}
                      className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
                    >
                      {tag.name}
                    </a>
                  </td>
                  <td className={cx(td, 'tabular-nums')}>{contactsText(tag.count)}</td>
                  {canEdit ? (
                    <td className={cx(td, 'text-right whitespace-nowrap')}>
                      <div className="flex justify-end gap-2">
                        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setRenaming(tag)}>
                          Renommer
                          <span className="sr-only"> le tag {tag.name}</span>
                        </button>
                        <button type="button" className={buttonClass('danger-ghost', 'sm')} onClick={() => setDeleting(tag)}>
                          Supprimer
                          <span className="sr-only"> le tag {tag.name}</span>
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
          </tbody>
        </Table>
      </Card>
      <RenameTagDialog key={renaming?.name ?? ''} tag={renaming} tags={list.data?.tags ?? []} onClose={() => setRenaming(undefined)} />
      <ConfirmDialog
        open={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => deleting && void remove.mutate(deleting)}
        pending={remove.pending}
        title="Supprimer ce tag ?"
        description={deleting ? `Le tag « ${deleting.name} » sera retiré de ${contactsText(deleting.count)}. Les contacts eux-mêmes sont conservés.` : ''}
      />
    </>
  );
}
