import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { call, Offline, useCsrfToken } from './api';
import { goOnDuty } from './on-duty';
import type { TakenProof } from './proof-form';
import { dismissRefused, enqueue, flush, queueNow, watchQueue, type QueueState } from './queue';
import { SignIn } from './sign-in';
import type { NextStep } from './steps';
import { forgetAll, keep, kept, type QueuedStep } from './store';
import { TaskList } from './task-list';
import { TaskPage } from './task-page';
import type { DriverSessionView, DriverTask, SignedInDriver } from './types';

/** How often the list is read again while the app is open and online. */
const REFRESH_MS = 30_000;

const openTaskOfHash = () => new URLSearchParams(location.hash.slice(1)).get('task');

export function App() {
  const [driver, setDriver] = useState<SignedInDriver | null | undefined>(undefined);
  const [tasks, setTasks] = useState<DriverTask[]>([]);
  const [queue, setQueue] = useState<QueueState>({ waiting: [], refused: [], sending: false, stalled: null });
  const [online, setOnline] = useState(navigator.onLine);
  const [openTask, setOpenTask] = useState<string | null>(openTaskOfHash());
  const [onDuty, setOnDuty] = useState(localStorage.getItem('on-duty') === 'yes');
  // What each step taken on the phone makes of its task, until the server's list says so itself.
  const [expected, setExpected] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Record<string, string>>({});

  useEffect(() => watchQueue(setQueue), []);
  useEffect(() => {
    const changed = () => setOnline(navigator.onLine);
    const hash = () => setOpenTask(openTaskOfHash());
    addEventListener('online', changed);
    addEventListener('offline', changed);
    addEventListener('hashchange', hash);
    return () => {
      removeEventListener('online', changed);
      removeEventListener('offline', changed);
      removeEventListener('hashchange', hash);
    };
  }, []);

  // Who is signed in: the phone remembers at once (the screen needs no round trip), the server confirms or says otherwise.
  useEffect(() => {
    void (async () => {
      setTasks((await kept<DriverTask[]>('tasks')) ?? []);
      setDriver((await kept<SignedInDriver>('driver')) ?? null);
      try {
        const answer = await call<DriverSessionView>('GET', '/session');
        if (answer.status !== 200) return setDriver(null);
        useCsrfToken(answer.body.csrf_token);
        setDriver(answer.body.driver);
        await keep('driver', answer.body.driver);
      } catch (error) {
        // A dead zone: the remembered driver goes on, their steps waiting.
        if (!(error instanceof Offline)) throw error;
      }
    })();
  }, []);

  const refresh = async () => {
    try {
      const answer = await call<{ tasks: DriverTask[] }>('GET', '/tasks');
      if (answer.status === 401) return setDriver(null);
      if (answer.status !== 200) return;
      setTasks(answer.body.tasks);
      await keep('tasks', answer.body.tasks);
      // Everything sent: the server's word stands.
      if (queueNow().waiting.length === 0) setExpected({});
    } catch (error) {
      if (!(error instanceof Offline)) throw error;
    }
  };
  useEffect(() => {
    if (!driver) return;
    void flush().then(refresh);
    const timer = setInterval(() => navigator.onLine && document.visibilityState === 'visible' && void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [driver]);
  useEffect(() => {
    if (driver && !queue.sending && queue.waiting.length === 0 && online) void refresh();
  }, [queue.sending, queue.waiting.length, online]);

  const shown = useMemo(
    () =>
      tasks
        // A step's outcome as the phone expects it ('given back' among them, which hides the task).
        .map((task) =>
          expected[task.task_id] ? { ...task, status: expected[task.task_id] as DriverTask['status'], part: 'mine' as const } : task,
        )
        .filter((task) => !['given back', 'delivered', 'returned'].includes(task.status as string) || task.task_id === openTask),
    [tasks, expected, openTask],
  );

  // On duty, the position goes with the task under way: one watch while on duty (its pace kept
  // across the list's refreshes), asking the latest list which task that is.
  const latest = useRef(shown);
  latest.current = shown;
  useEffect(() => {
    localStorage.setItem('on-duty', onDuty ? 'yes' : 'no');
    if (!onDuty || !driver) return;
    return goOnDuty(
      () => latest.current.find((t) => t.part === 'mine' && !['assigned', 'delivered', 'returned'].includes(t.status))?.task_id ?? null,
    );
  }, [onDuty, driver?.id]);

  /** Who a task is for, in the words of its queued steps. */
  const whoOf = (task: DriverTask) => task.way_points[1]?.contact.personName ?? task.task_id;

  /** A step kept on the phone (after the uploads it names, `fills`), the task shown as it will be, then sent. */
  const take = async (task: DriverTask, step: NextStep, json: Record<string, unknown> = {}, fills: QueuedStep['fills'] = []) => {
    setRefusal(({ [task.task_id]: _, ...others }) => others);
    setExpected((now) => ({ ...now, [task.task_id]: step.after }));
    await enqueue({ taskId: task.task_id, label: `${step.label}: ${whoOf(task)}`, method: 'POST', path: step.path, json, fills });
    await settled(task, step);
  };

  /** Once sent (online), a refusal of the step is shown on the task, and the task as the server has it. */
  const settled = async (task: DriverTask, step: NextStep) => {
    if (!navigator.onLine) return;
    await flush();
    const refused = queueNow()
      .refused.filter((r) => r.taskId === task.task_id)
      .at(-1);
    if (refused && refused.label.startsWith(step.label)) {
      setRefusal((now) => ({ ...now, [task.task_id]: refused.reason }));
      setExpected(({ [task.task_id]: _, ...others }) => others);
      await dismissRefused(refused.seq!);
    }
    await refresh();
  };

  /** The drop-off's completion, after the uploads of its photo and signature, which it names. */
  const complete = async (task: DriverTask, step: NextStep, proof: TakenProof) => {
    const upload = async (field: 'photo_url' | 'signature_url', kind: 'photo' | 'signature', bytes: Blob) => ({
      field,
      upload: await enqueue({
        taskId: task.task_id,
        label: `${kind === 'photo' ? 'Photo' : 'Signature'}: ${whoOf(task)}`,
        method: 'POST',
        path: `/tasks/${encodeURIComponent(task.task_id)}/media/${kind}`,
        bytes,
      }),
    });
    const fills = [
      ...(proof.photo ? [await upload('photo_url', 'photo', proof.photo)] : []),
      ...(proof.signature ? [await upload('signature_url', 'signature', proof.signature)] : []),
    ];
    await take(task, step, { proof_of_delivery: proof.fields }, fills);
  };

  const signOut = async () => {
    await call('DELETE', '/session').catch(() => undefined);
    await forgetAll();
    useCsrfToken(null);
    setDriver(null);
    setTasks([]);
  };

  if (driver === undefined) return <main class="narrow" aria-busy="true" />;
  if (driver === null)
    return (
      <SignIn
        signedIn={(signedIn) => {
          setDriver(signedIn);
          void keep('driver', signedIn);
        }}
      />
    );
  const task = openTask ? shown.find((t) => t.task_id === openTask) : null;
  return (
    <>
      <header>
        <span class="name">{driver.name}</span>
        <span class={`net ${online ? 'online' : 'offline'}`} role="status">
          {online ? 'Online' : 'Offline'}
          {queue.waiting.length > 0 && ` · ${queue.waiting.length} waiting to send`}
        </span>
        <label class="duty">
          <input type="checkbox" checked={onDuty} onChange={(e) => setOnDuty(e.currentTarget.checked)} /> On duty
        </label>
        <button class="secondary" onClick={signOut}>
          Sign out
        </button>
      </header>
      {queue.stalled === 'signed-out' && (
        <p role="alert" class="error">
          Your session ended: sign out and in again; your steps stay on the phone.
        </p>
      )}
      {queue.refused.map((r) => (
        <p key={r.seq} role="alert" class="error refused">
          Not done: {r.label}: {r.reason}{' '}
          <button class="secondary" onClick={() => void dismissRefused(r.seq!)}>
            OK
          </button>
        </p>
      ))}
      {task ? (
        <TaskPage
          task={task}
          refusal={refusal[task.task_id] ?? null}
          back={() => (location.hash = '')}
          take={(step, json) => void take(task, step, json)}
          complete={(step, proof) => void complete(task, step, proof)}
        />
      ) : (
        <main>
          <h1>Today</h1>
          <TaskList tasks={shown} open={(id) => (location.hash = `task=${encodeURIComponent(id)}`)} />
        </main>
      )}
    </>
  );
}
