import { useState, type FormEvent } from 'react';
import { NOTIFICATION_MOMENTS } from '@delivery/contracts';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { useAction } from '../use-action';
import type { ConsoleNotificationSettingsView, ConsoleUserView } from '../types';
import { useLoad } from '../use-load';
import { WordingEditor } from './WordingEditor';
import { BrandSection } from './BrandSection';

const MOMENT_LABELS: Record<(typeof NOTIFICATION_MOMENTS)[number], string> = {
  reservation_confirmed: 'A planned delivery is booked',
  dispatched: 'The order is dispatched',
  on_the_way: 'The driver is on the way',
  arriving_soon: 'The driver arrives soon',
  late: 'The delivery runs late',
  failed_attempt: 'A delivery attempt failed',
  delivered: 'The parcel is delivered',
};

/** What the account's recipients are told, when, in which language, and through its Twilio account and SMTP server. */
export function NotificationsPage({ user }: { user: ConsoleUserView }) {
  const settings = useLoad(() => api<ConsoleNotificationSettingsView>('GET', '/notifications'));
  const { error, act } = useAction(settings.reload);
  const canChange = user.role !== 'viewer';
  return (
    <section aria-labelledby="notifications-title">
      <h2 id="notifications-title">Messages to recipients</h2>
      <p>
        Each moment is told once, by SMS and by e-mail, in the recipient’s language. Without a provider, messages are kept in each
        delivery’s log as not sent.
      </p>
      <ErrorMessage error={error ?? settings.error} />
      {settings.data && <SettingsForm key={JSON.stringify(settings.data)} data={settings.data} canChange={canChange} act={act} />}
      <WordingEditor canChange={canChange} labels={MOMENT_LABELS} />
      <BrandSection canChange={canChange} />
    </section>
  );
}

function SettingsForm({
  data,
  canChange,
  act,
}: {
  data: ConsoleNotificationSettingsView;
  canChange: boolean;
  act: (work: () => Promise<unknown>) => Promise<boolean>;
}) {
  const [moments, setMoments] = useState(new Set(data.moments));
  const [quiet, setQuiet] = useState(data.quiet_hours ? `${data.quiet_hours.start}-${data.quiet_hours.end}` : '');
  const [language, setLanguage] = useState(data.default_language);
  const [country, setCountry] = useState(data.default_country ?? '');
  const [soon, setSoon] = useState(String(data.arriving_soon_minutes));
  const [sid, setSid] = useState(data.sms?.account_sid ?? '');
  const [token, setToken] = useState('');
  const [from, setFrom] = useState(data.sms?.from ?? '');
  const [host, setHost] = useState(data.email?.host ?? '');
  const [port, setPort] = useState(String(data.email?.port ?? 587));
  const [security, setSecurity] = useState<'tls' | 'starttls'>(data.email?.security ?? 'starttls');
  const [smtpUser, setSmtpUser] = useState(data.email?.user ?? '');
  const [password, setPassword] = useState('');
  const [sender, setSender] = useState(data.email?.from ?? '');

  const save = (event: FormEvent) => {
    event.preventDefault();
    const [start, end] = quiet.split('-');
    void act(() =>
      api('PUT', '/notifications', {
        moments: NOTIFICATION_MOMENTS.filter((m) => moments.has(m)),
        quiet_hours: quiet.trim() ? { start: start?.trim() ?? '', end: end?.trim() ?? '' } : null,
        arriving_soon_minutes: Number(soon),
        default_language: language,
        default_country: country.trim() || null,
        sms: sid.trim() ? { account_sid: sid.trim(), ...(token && { auth_token: token }), from: from.trim() || null } : null,
        email: host.trim()
          ? {
              host: host.trim(),
              port: Number(port),
              security,
              user: smtpUser.trim() || null,
              ...(password && { password }),
              from: sender.trim(),
            }
          : null,
      }),
    );
  };
  const toggle = (moment: (typeof NOTIFICATION_MOMENTS)[number]) =>
    setMoments((current) => {
      const next = new Set(current);
      if (!next.delete(moment)) next.add(moment);
      return next;
    });

  return (
    <form onSubmit={save} aria-label="Message settings">
      <fieldset disabled={!canChange}>
        <legend>Moments told</legend>
        {NOTIFICATION_MOMENTS.map((moment) => (
          <label key={moment} className="inline">
            <input type="checkbox" name={moment} checked={moments.has(moment)} onChange={() => toggle(moment)} /> {MOMENT_LABELS[moment]}
          </label>
        ))}
        <label htmlFor="notify-soon">“Arriving soon”, minutes before the ETA</label>
        <input id="notify-soon" type="number" min={1} max={120} value={soon} onChange={(e) => setSoon(e.target.value)} />
        <label htmlFor="notify-quiet">Quiet hours, on the fleet’s clock (empty: none)</label>
        <input id="notify-quiet" placeholder="21:00-08:00" value={quiet} onChange={(e) => setQuiet(e.target.value)} />
        <label htmlFor="notify-language">Language when the order names none</label>
        <input id="notify-language" value={language} onChange={(e) => setLanguage(e.target.value)} />
        <label htmlFor="notify-country">Country of phone numbers without +country code</label>
        <input id="notify-country" placeholder="US" value={country} onChange={(e) => setCountry(e.target.value)} />
      </fieldset>
      <fieldset disabled={!canChange}>
        <legend>SMS through Twilio (empty account SID: no SMS)</legend>
        <label htmlFor="twilio-sid">Account SID</label>
        <input id="twilio-sid" placeholder="AC…" value={sid} onChange={(e) => setSid(e.target.value)} />
        <label htmlFor="twilio-token">Auth token {data.sms?.auth_token_set && '(set; leave empty to keep it)'}</label>
        <input id="twilio-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
        <label htmlFor="twilio-from">Sending number</label>
        <input id="twilio-from" placeholder="+15005550006" value={from} onChange={(e) => setFrom(e.target.value)} />
      </fieldset>
      <fieldset disabled={!canChange}>
        <legend>E-mail over SMTP (empty host: no e-mail)</legend>
        <label htmlFor="smtp-host">Host</label>
        <input id="smtp-host" value={host} onChange={(e) => setHost(e.target.value)} />
        <label htmlFor="smtp-port">Port</label>
        <input id="smtp-port" type="number" value={port} onChange={(e) => setPort(e.target.value)} />
        <label htmlFor="smtp-security">Security</label>
        <select id="smtp-security" value={security} onChange={(e) => setSecurity(e.target.value as 'tls' | 'starttls')}>
          <option value="starttls">STARTTLS</option>
          <option value="tls">TLS</option>
        </select>
        <label htmlFor="smtp-user">User</label>
        <input id="smtp-user" value={smtpUser} onChange={(e) => setSmtpUser(e.target.value)} />
        <label htmlFor="smtp-password">Password {data.email?.password_set && '(set; leave empty to keep it)'}</label>
        <input id="smtp-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
        <label htmlFor="smtp-from">Sender</label>
        <input
          id="smtp-from"
          placeholder="Acme Deliveries <deliveries@acme.example>"
          value={sender}
          onChange={(e) => setSender(e.target.value)}
        />
      </fieldset>
      {canChange && <button type="submit">Save</button>}
    </form>
  );
}
