import { useState, type FormEvent } from 'react';
import { NOTIFICATION_MOMENTS } from '@delivery/contracts';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { useAction } from '../use-action';
import type { ConsolePreviewView, ConsoleWordingView } from '../types';
import { useLoad } from '../use-load';

type Moment = (typeof NOTIFICATION_MOMENTS)[number];

/** The account's wording of a moment in a language, in Liquid, with a preview as a recipient would read it. */
export function WordingEditor({ canChange, labels }: { canChange: boolean; labels: Record<Moment, string> }) {
  const [moment, setMoment] = useState<Moment>('dispatched');
  const [typed, setTyped] = useState('en');
  // Loaded once a whole code is typed (2 or 3 letters), not for each letter on the way.
  const [language, setLanguage] = useState('en');
  const wording = useLoad(
    () => api<ConsoleWordingView>('GET', `/notifications/wording?${new URLSearchParams({ moment, language })}`),
    [moment, language],
  );
  const type = (value: string) => {
    setTyped(value);
    if (/^[a-zA-Z]{2,3}$/.test(value.trim())) setLanguage(value.trim().toLowerCase());
  };
  return (
    <section aria-labelledby="wording-title">
      <h3 id="wording-title">Wording</h3>
      <p>
        Liquid, with <code>{'{{ first_name }}'}</code>, <code>{'{{ retailer }}'}</code>, <code>{'{{ tracking_link }}'}</code>,{' '}
        <code>{'{{ eta }}'}</code>, <code>{'{{ eta_in_words }}'}</code>, <code>{'{{ window }}'}</code>, <code>{'{{ driver }}'}</code>,{' '}
        <code>{'{{ photo_link }}'}</code>, <code>{'{{ next_step }}'}</code>. Shipped in English, French, Spanish and German.
      </p>
      <label htmlFor="wording-moment">Moment</label>
      <select id="wording-moment" value={moment} onChange={(e) => setMoment(e.target.value as Moment)}>
        {NOTIFICATION_MOMENTS.map((m) => (
          <option key={m} value={m}>
            {labels[m]}
          </option>
        ))}
      </select>
      <label htmlFor="wording-language">Language</label>
      <input id="wording-language" value={typed} maxLength={3} onChange={(e) => type(e.target.value)} />
      <ErrorMessage error={wording.error} />
      {wording.data && <WordingForm key={JSON.stringify(wording.data)} data={wording.data} canChange={canChange} reload={wording.reload} />}
    </section>
  );
}

function WordingForm({ data, canChange, reload }: { data: ConsoleWordingView; canChange: boolean; reload: () => Promise<unknown> }) {
  const [subject, setSubject] = useState(data.subject);
  const [text, setText] = useState(data.text);
  const [taskId, setTaskId] = useState('');
  const [preview, setPreview] = useState<ConsolePreviewView | null>(null);
  const { error, act } = useAction(reload);
  const path = `/notifications/wording/${data.moment}/${encodeURIComponent(data.language)}`;
  const show = (channel: 'sms' | 'email') =>
    void act(async () => {
      setPreview(
        await api<ConsolePreviewView>('POST', '/notifications/preview', {
          moment: data.moment,
          language: data.language,
          channel,
          subject,
          text,
          ...(taskId.trim() && { task_id: taskId.trim() }),
        }),
      );
    });
  const save = (event: FormEvent) => {
    event.preventDefault();
    void act(() => api('PUT', path, { subject, text }));
  };
  return (
    <form onSubmit={save} aria-label="Wording">
      <p>
        {data.own
          ? `The account's own wording (${data.language}).`
          : data.from_language === data.language
            ? `The shipped wording (${data.language}).`
            : `No ${data.language} wording yet: the ${data.from_language} one is sent. Save to give ${data.language} its own.`}
      </p>
      <label htmlFor="wording-subject">E-mail subject</label>
      <input id="wording-subject" value={subject} disabled={!canChange} onChange={(e) => setSubject(e.target.value)} />
      <label htmlFor="wording-text">Text (SMS and e-mail)</label>
      <textarea id="wording-text" rows={4} value={text} disabled={!canChange} onChange={(e) => setText(e.target.value)} />
      <label htmlFor="wording-task">Preview with a delivery (task id; empty: a sample one)</label>
      <input id="wording-task" value={taskId} onChange={(e) => setTaskId(e.target.value)} />
      <button type="button" onClick={() => show('sms')}>
        Preview SMS
      </button>
      <button type="button" onClick={() => show('email')}>
        Preview e-mail
      </button>
      {canChange && <button type="submit">Save wording</button>}
      {canChange && data.own && (
        <button type="button" onClick={() => void act(() => api('DELETE', path))}>
          Back to the shipped wording
        </button>
      )}
      <ErrorMessage error={error} />
      {preview && (
        <output aria-label="Preview" className="preview">
          {preview.subject && <strong>{preview.subject}</strong>}
          <p className="message-body">{preview.text}</p>
          {preview.segments !== null && (
            <small>
              {preview.segments} SMS segment{preview.segments === 1 ? '' : 's'}
            </small>
          )}
        </output>
      )}
    </form>
  );
}
