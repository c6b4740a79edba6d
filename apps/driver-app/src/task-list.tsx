import { addressOf, windowOf } from './format';
import { STATUS_WORDS } from './steps';
import type { DriverTask } from './types';

/** Today's tasks in route order: the driver's own, then those offered to the fleet's drivers. */
export function TaskList({ tasks, open }: { tasks: DriverTask[]; open: (taskId: string) => void }) {
  if (tasks.length === 0) return <p class="empty">No tasks for you right now. New ones show here as they come.</p>;
  return (
    <ol class="tasks">
      {tasks.map((task) => {
        const dropoff = task.way_points.find((w) => w.type === 'dropoff')!;
        return (
          <li key={task.task_id}>
            <button class="task" onClick={() => open(task.task_id)}>
              <span class="who">{dropoff.contact.personName ?? 'Recipient'}</span>
              <span class="where">{addressOf(dropoff)}</span>
              <span class="when">{windowOf(dropoff)}</span>
              <span class={`badge ${task.part}`}>{task.part === 'offered' ? 'Offered' : (STATUS_WORDS[task.status] ?? task.status)}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
