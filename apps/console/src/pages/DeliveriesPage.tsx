import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { messageOf, when } from '../format';
import type { ConsoleDeliverySummaryView } from '../types';
// The states alone, from the state machine's own list, not the contracts' index: that would bundle its schemas.
import { TASK_STATUSES } from '../../../../libs/contracts/src/events/task-statuses';

type Filters = { q: string; status: string; from: string; to: string; late: boolean };
type Page = { deliveries: ConsoleDeliverySummaryView[]; next_cursor: string | null };

/** Deliveries: searched by any of their ids, or filtered by status and creation date, newest first, a page at a time. */
export function DeliveriesPage() {
  const [filters, setFilters] = useState<Filters>({ q: '', status: '', from: '', to: '', late: false });
  const [pages, setPages] = useState<Page[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [searched, setSearched] = useState(false);

  const load = async (cursor: string | null) => {
    const query = new URLSearchParams({
      limit: '20',
      ...(filters.q && { q: filters.q }),
      ...(filters.status && { status: filters.status }),
      ...(filters.from && { from: new Date(filters.from).toISOString() }),
      ...(filters.to && { to: new Date(filters.to).toISOString() }),
      ...(filters.late && { late: 'true' }),
      ...(cursor && { cursor }),
    });
    try {
      const page = await api<Page>('GET', `/deliveries?${query}`);
      setPages((before) => (cursor ? [...before, page] : [page]));
      setError(null);
      setSearched(true);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    void load(null);
  };
  // The newest deliveries, on opening the page; `load` reads the filters as they are then (empty).
  useEffect(() => {
    void load(null);
  }, []);
  const rows = pages.flatMap((p) => p.deliveries);
  const next = pages.at(-1)?.next_cursor ?? null;
  const set = (field: Exclude<keyof Filters, 'late'>) => (value: string) => setFilters((f) => ({ ...f, [field]: value }));

  return (
    <section aria-labelledby="deliveries-list-title">
      <h2 id="deliveries-list-title">Deliveries</h2>
      <form className="filters" onSubmit={search} role="search">
        <label htmlFor="delivery-q">Task, shipment, fulfillment or order id</label>
        <input id="delivery-q" value={filters.q} onChange={(e) => set('q')(e.target.value)} />
        <label htmlFor="delivery-status">Status</label>
        <select id="delivery-status" value={filters.status} onChange={(e) => set('status')(e.target.value)}>
          <option value="">Any</option>
          {TASK_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <label htmlFor="delivery-from">Created from</label>
        <input id="delivery-from" type="date" value={filters.from} onChange={(e) => set('from')(e.target.value)} />
        <label htmlFor="delivery-to">until</label>
        <input id="delivery-to" type="date" value={filters.to} onChange={(e) => set('to')(e.target.value)} />
        <label>
          <input type="checkbox" checked={filters.late} onChange={(e) => setFilters((f) => ({ ...f, late: e.target.checked }))} /> Late only
        </label>
        <button type="submit">Search</button>
      </form>
      <ErrorMessage error={error} />
      <table>
        <caption>Deliveries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Task</th>
            <th scope="col">Order / fulfillment</th>
            <th scope="col">Recipient</th>
            <th scope="col">Status</th>
            <th scope="col">Fleet</th>
            <th scope="col">Driver</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.task_id}>
              <td>
                <a href={`#/deliveries/${d.task_id}`}>{d.task_id}</a>
              </td>
              <td>
                {d.order_id} / {d.fulfillment_id}
              </td>
              <td>{d.recipient ?? '—'}</td>
              <td className={`status-${d.status}`}>
                {d.status}
                {d.late.length > 0 && <span className="late"> · late ({d.late.join(', ').replaceAll('_', ' ')})</span>}
              </td>
              <td>{d.fleet ?? '—'}</td>
              <td>{d.driver ?? '—'}</td>
              <td>{when(d.created_at)}</td>
            </tr>
          ))}
          {searched && rows.length === 0 && (
            <tr>
              <td colSpan={7}>No deliveries found.</td>
            </tr>
          )}
        </tbody>
      </table>
      {next && (
        <button type="button" onClick={() => void load(next)}>
          More deliveries
        </button>
      )}
    </section>
  );
}
