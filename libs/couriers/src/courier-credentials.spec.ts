import { credentialTroubleOf, noteCredentials } from './courier-credentials';

describe("a courier fleet's credential trouble", () => {
  const kept = new Map<string, string>();
  const store = {
    get: async (key: string) => kept.get(key) ?? null,
    set: async (key: string, value: string) => void kept.set(key, value),
    delete: async (key: string) => void kept.delete(key),
  };
  const fleet = { accountId: 'acc', id: 7 };
  const refused = (message: string, status = '401') => ({ ok: false as const, failure: { message, status } });
  let now = Date.parse('2026-11-27T10:00:00Z');
  const clock = () => now;

  it('marks the fleet at a 401 or 403, keeps since when across refusals, and clears it at the next good answer', async () => {
    await noteCredentials(store, fleet, refused('Uber refused the fleet’s credentials'), clock);
    now += 60_000;
    await noteCredentials(
      store,
      fleet,
      refused("Uber's token URL: answered HTTP 401 (invalid_client): our credentials are refused"),
      clock,
    );
    expect(await credentialTroubleOf(store, fleet)).toEqual({
      since: '2026-11-27T10:00:00.000Z',
      reason: "Uber's token URL: answered HTTP 401 (invalid_client): our credentials are refused",
    });
    // An outage says nothing of the credentials.
    await noteCredentials(store, fleet, refused('Uber failed (HTTP 503)', '503'), clock);
    expect(await credentialTroubleOf(store, fleet)).not.toBeNull();
    await noteCredentials(store, fleet, { ok: true, value: {} }, clock);
    expect(await credentialTroubleOf(store, fleet)).toBeNull();
    expect(await credentialTroubleOf(store, { accountId: 'acc', id: 8 })).toBeNull();
  });

  it('answers the answer even when its store fails', async () => {
    const broken = { ...store, set: async () => Promise.reject(new Error('redis is away')) };
    const answer = refused('DoorDash refused the fleet’s credentials', '403');
    await expect(noteCredentials(broken, fleet, answer, clock)).resolves.toBe(answer);
  });
});
