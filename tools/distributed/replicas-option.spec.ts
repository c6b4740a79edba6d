import fc from 'fast-check';
import { MAX_REPLICAS, REPLICATED_APPS } from './launch';
import { parseReplicas } from './replicas-option';

describe('the launcher’s --replicas option', () => {
  it('reads each app’s count, in either spelling, one of each where none is given', () => {
    expect(parseReplicas([])).toEqual({ replicas: {} });
    expect(parseReplicas(['--replicas', 'order-lifecycle=2,webhook-dispatcher=2,notifier=2,gateway=2'])).toEqual({
      replicas: { 'order-lifecycle': 2, 'webhook-dispatcher': 2, notifier: 2, gateway: 2 },
    });
    expect(parseReplicas(['--replicas=quote=3'])).toEqual({ replicas: { quote: 3 } });
  });

  it('refuses, naming it, an app that cannot run as replicas, a count out of range and an unknown argument', () => {
    expect(parseReplicas(['--replicas', 'sandbox-fleet=2'])).toEqual({ error: expect.stringContaining('sandbox-fleet is not an app') });
    expect(parseReplicas(['--replicas', 'gateway=0'])).toEqual({
      error: expect.stringContaining(`gateway=0: a count from 1 to ${MAX_REPLICAS}`),
    });
    expect(parseReplicas(['--replicas', 'gateway=10'])).toEqual({ error: expect.stringContaining('gateway=10') });
    expect(parseReplicas(['--replicas', 'gateway'])).toEqual({ error: expect.stringContaining('gateway=: a count') });
    expect(parseReplicas(['--replicas'])).toEqual({ error: expect.stringContaining('unknown argument --replicas') });
    expect(parseReplicas(['--gateway=2'])).toEqual({ error: expect.stringContaining('unknown argument --gateway=2') });
  });

  it('never throws, and whatever it accepts is a known app with a count it can run', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constant('--replicas'), fc.constantFrom(...REPLICATED_APPS.map((app) => `${app}=2`)))),
        (args) => {
          const parsed = parseReplicas(args);
          if ('error' in parsed) return expect(parsed.error).toEqual(expect.any(String));
          for (const [app, count] of Object.entries(parsed.replicas)) {
            expect(REPLICATED_APPS).toContain(app);
            expect(count).toBeGreaterThanOrEqual(1);
            expect(count).toBeLessThanOrEqual(MAX_REPLICAS);
          }
        },
      ),
    );
  });
});
