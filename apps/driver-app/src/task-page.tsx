import { useEffect, useState } from 'preact/hooks';
import type { NoteView } from '@delivery/contracts';
import { call } from './api';
import { StopNotes } from './notes';
import { addressOf, navigationLinks, windowOf } from './format';
import { ProofForm, type TakenProof } from './proof-form';
import { FAILURE_REASONS, STATUS_WORDS, stepsOf, type NextStep } from './steps';
import type { DriverTask, WayPoint } from './types';

function Stop({ stop, notes }: { stop: WayPoint; notes: NoteView[] }) {
  const links = navigationLinks(stop);
  return (
    <section class="stop" aria-label={stop.type === 'pickup' ? 'Pick-up' : 'Drop-off'}>
      <h2>{stop.type === 'pickup' ? 'Pick-up' : 'Drop-off'}</h2>
      <p class="who">{stop.contact.personName}</p>
      <p>{addressOf(stop)}</p>
      <p class="when">{windowOf(stop)}</p>
      <StopNotes notes={notes.filter((note) => note.way_point_id === stop.id)} />
      <div class="row">
        <a class="button" href={links.geo}>
          Navigate
        </a>
        <a class="button secondary" href={links.google} target="_blank" rel="noopener noreferrer">
          Google Maps
        </a>
        <a class="button secondary" href={links.apple} target="_blank" rel="noopener noreferrer">
          Apple Maps
        </a>
        {stop.contact.phoneNumber && (
          <a class="button secondary" href={`tel:${stop.contact.phoneNumber.replace(/[^+\d]/g, '')}`}>
            Call
          </a>
        )}
      </div>
    </section>
  );
}

const REQUIREMENT_WORDS: Record<string, string> = {
  signature: 'Signature',
  photo: 'Photo',
  pin: 'PIN',
  minimum_age: 'Age check',
  id_check: 'ID check',
  barcode_scan: 'Scan barcodes',
};

/**
 * A task: its stops (one tap to navigate and to call), what the drop-off requires, the
 * packages, and the next step. A step is kept on the phone and sent when it can be.
 */
export function TaskPage({
  task,
  back,
  take,
  complete,
  refusal,
}: {
  task: DriverTask;
  back: () => void;
  take: (step: NextStep, json?: Record<string, unknown>) => void;
  complete: (step: NextStep, proof: TakenProof) => void;
  refusal: string | null;
}) {
  const [form, setForm] = useState<'proof' | 'fail' | 'reject' | null>(null);
  const [notes, setNotes] = useState<NoteView[]>([]);
  // The notes for the driver come with the task itself; in a dead zone the stops show without them.
  useEffect(() => {
    call<{ notes: NoteView[] | null }>('GET', `/tasks/${encodeURIComponent(task.task_id)}`).then(
      (answer) => answer.status === 200 && setNotes(answer.body.notes ?? []),
      () => undefined,
    );
  }, [task.task_id]);
  const [reasonCode, setReasonCode] = useState('recipient_unavailable');
  const [words, setWords] = useState('');
  const steps = stepsOf(task);
  const kinds = task.requirements.kinds;
  const chosen = (step: NextStep) => {
    if (step.id === 'complete' && step.wayPoint?.type === 'dropoff') return setForm('proof');
    if (step.id === 'fail') return setForm('fail');
    if (step.id === 'reject') return setForm('reject');
    take(step);
  };
  const stepOf = (id: NextStep['id']) => steps.find((s) => s.id === id)!;
  return (
    <main>
      <button class="back secondary" onClick={back}>
        ← Tasks
      </button>
      <h1>{STATUS_WORDS[task.status] ?? task.status}</h1>
      {task.way_points.map((stop) => (
        <Stop key={stop.id} stop={stop} notes={notes} />
      ))}
      {kinds.length > 0 && (
        <section aria-label="The drop-off requires">
          <h2>The drop-off requires</h2>
          <ul class="chips">
            {kinds.map((kind) => (
              <li key={kind}>{kind === 'minimum_age' ? `Age ${task.requirements.minimum_age}+` : (REQUIREMENT_WORDS[kind] ?? kind)}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Packages">
        <h2>Packages</h2>
        <ul>
          {task.packages.map((p) => (
            <li key={p.package_id}>
              {p.tracking_number} · {p.weight_kg} kg{p.description ? ` · ${p.description}` : ''}
            </li>
          ))}
        </ul>
      </section>
      {form === 'proof' ? (
        <ProofForm
          task={task}
          submit={(proof) => {
            complete(stepOf('complete'), proof);
            setForm(null);
          }}
        />
      ) : form === 'fail' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            take(stepOf('fail'), { reason_code: reasonCode, ...(words && { reason: words }) });
            setForm(null);
          }}
        >
          <label for="reason-code">Why?</label>
          <select id="reason-code" value={reasonCode} onChange={(e) => setReasonCode(e.currentTarget.value)}>
            {FAILURE_REASONS.map(([code, text]) => (
              <option key={code} value={code}>
                {text}
              </option>
            ))}
          </select>
          <label for="fail-words">In your words (optional)</label>
          <input id="fail-words" value={words} onInput={(e) => setWords(e.currentTarget.value)} />
          <button type="submit">Report</button>
        </form>
      ) : form === 'reject' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            take(stepOf('reject'), { reason: words });
            setForm(null);
          }}
        >
          <label for="reject-words">Why are you giving it back?</label>
          <input id="reject-words" required value={words} onInput={(e) => setWords(e.currentTarget.value)} />
          <button type="submit">Give back</button>
        </form>
      ) : (
        <div class="actions">
          {refusal && (
            <p role="alert" class="error">
              Not done: {refusal}
            </p>
          )}
          {steps.map((step, i) => (
            <button key={step.id} class={i === 0 ? 'primary' : 'secondary'} onClick={() => chosen(step)}>
              {step.label}
            </button>
          ))}
        </div>
      )}
    </main>
  );
}
