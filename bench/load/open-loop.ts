/** What came back from a run of requests: each answered one's latency, and the count of each status (0: no answer). */
export interface Tally {
  latencies: number[];
  statuses: Record<number, number>;
}

/** Sends `perSecond` requests a second for `ms`, on a schedule, never waiting for answers (an open loop). */
export async function openLoop(perSecond: number, ms: number, send: (n: number) => Promise<Response>): Promise<Tally> {
  const tally: Tally = { latencies: [], statuses: {} };
  const count = (status: number) => (tally.statuses[status] = (tally.statuses[status] ?? 0) + 1);
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < ms) {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    for (; sent < due; sent += 1) {
      const at = performance.now();
      inFlight.push(
        send(sent).then(
          async (response) => {
            await response.arrayBuffer();
            tally.latencies.push(performance.now() - at);
            count(response.status);
          },
          () => void count(0),
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(inFlight);
  return tally;
}

export const describeTally = (tally: Tally) =>
  Object.entries(tally.statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
