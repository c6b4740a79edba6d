import fc from 'fast-check';
import {
  DELIVERY_REQUIREMENTS,
  MINIMUM_AGE,
  fromRequirementsView,
  mergeRequirements,
  requirementsOf,
  type DeliveryRequirements,
} from './delivery-requirements';

const anyKinds = fc.array(fc.constantFrom(...DELIVERY_REQUIREMENTS), { maxLength: 10 });
const anyAge = fc.option(fc.integer({ min: MINIMUM_AGE.min, max: MINIMUM_AGE.max }), { nil: null });

/** The normal form's promise: the list's order, no repeats, `minimum_age` exactly with its years. */
function expectNormal({ kinds, minimumAge }: DeliveryRequirements) {
  expect(kinds).toEqual(DELIVERY_REQUIREMENTS.filter((kind) => kinds.includes(kind)));
  expect(kinds.includes('minimum_age')).toBe(minimumAge !== null);
}

describe('delivery requirements in one normal form', () => {
  it('puts any kinds, in any order and repeated, in the list order, with minimum_age exactly when its years are given', () => {
    fc.assert(
      fc.property(anyKinds, anyAge, (kinds, minimumAge) => {
        const normal = requirementsOf(kinds, minimumAge);
        expectNormal(normal);
        expect(normal.kinds.filter((kind) => kind !== 'minimum_age')).toEqual(
          DELIVERY_REQUIREMENTS.filter((kind) => kind !== 'minimum_age' && kinds.includes(kind)),
        );
        expect(requirementsOf(normal.kinds, normal.minimumAge)).toEqual(normal);
      }),
    );
  });

  it('gives a set the same form whether it is merged or set through the console', () => {
    fc.assert(
      fc.property(anyKinds, anyAge, (kinds, minimumAge) => {
        const set = requirementsOf(kinds, minimumAge);
        expect(fromRequirementsView({ kinds, minimum_age: minimumAge })).toEqual(set);
        expect(mergeRequirements(set)).toEqual(set);
        expect(mergeRequirements(set, null, set)).toEqual(set);
      }),
    );
  });

  it('merges sets into every kind of any of them and the highest age, in the normal form', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(anyKinds, anyAge), { maxLength: 4 }), (given) => {
        const sets = given.map(([kinds, age]) => requirementsOf(kinds, age));
        const merged = mergeRequirements(...sets);
        expectNormal(merged);
        const ages = sets.map((set) => set.minimumAge).filter((age): age is number => age !== null);
        expect(merged.minimumAge).toBe(ages.length > 0 ? Math.max(...ages) : null);
        for (const set of sets) for (const kind of set.kinds) expect(merged.kinds).toContain(kind);
      }),
    );
  });
});
