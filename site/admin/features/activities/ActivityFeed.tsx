/** "Voir toute l'activité" (/admin/activity): every activity of every contact, newest first, paginated. */
import { useStore } from '@nanostores/react';
import { PAGE_SIZE } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';
import { activityQueries } from './queries.ts';
import { $router, navigate } from '../../stores/router.ts';
import { pageCount, Pagination } from '../../ui/pagination.tsx';
import { Card, PageHeader } from '../../ui/primitives.tsx';
import { ListTable } from '../../ui/table.tsx';
import { ActivityRow, ACTIVITY_COLUMNS } from '../../ui/ActivityRow.tsx';

const feedUrl = (page: number) => (page > 1 ? `/admin/activity?page=${page}` : '/admin/activity');

export function ActivityFeed() {
  const route = useStore($router);
  const page = Math.max(1, Number.parseInt(route?.search.page ?? '1', 10) || 1);
  const feed = useQuery(activityQueries.feed(page));
  const pages = pageCount(feed.data?.pagination.total ?? 0, feed.data?.pagination.limit ?? PAGE_SIZE);
  return (
    <>
      <PageHeader title="Toute l'activité" description="Chaque activité enregistrée sur vos contacts, de la plus récente à la plus ancienne." />
      <Card>
        <ListTable label="Tableau de toute l'activité" columns={ACTIVITY_COLUMNS} state={feed} rows={feed.data?.activities} loading="Chargement de l'activité..." empty="Aucune activité">
          {(activity) => <ActivityRow key={activity.id} activity={activity} />}
        </ListTable>
        <div className="border-t border-slate-100">
          <Pagination page={page} pages={pages} onPage={(target) => navigate(feedUrl(target))} label="Pagination de l'activité" />
        </div>
      </Card>
    </>
  );
}
