/** The people an activity can be assigned to, as the `<option>`s of a native select (one cached query for every row). */
import { useQuery } from '../../lib/query.ts';
import { activityQueries } from './queries.ts';

export function AssigneeOptions() {
  const assignees = useQuery(activityQueries.assignees());
  return (
    <>
      {assignees.data?.users.map((user) => (
        <option key={user.id} value={user.id}>
          {user.name}
        </option>
      ))}
    </>
  );
}
