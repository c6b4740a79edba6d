import fc from 'fast-check';
import { areaGeometrySchema } from './area-geometry.schema';
import { boundingBox, polygonProblem } from './polygon-shape';

const closed = (positions: number[][]) => [...positions, positions[0]!];
const box = (west: number, south: number, east: number, north: number) =>
  closed([
    [west, south],
    [east, south],
    [east, north],
    [west, north],
  ]);
/** A convex polygon of `n` corners around a centre: always simple. */
const regular = (n: number, lng: number, lat: number, radius: number, turn = 0) =>
  closed(
    Array.from({ length: n }, (_, i) => [
      lng + radius * Math.cos(turn + (2 * Math.PI * i) / n),
      lat + radius * Math.sin(turn + (2 * Math.PI * i) / n),
    ]),
  );

/** Every pair of edges, as the definition reads: what the sweep must agree with. */
function crossesByEveryPair(ring: number[][]): boolean {
  const edges = ring.slice(0, -1).map((a, i) => [a, ring[i + 1]!] as const);
  const side = (a: number[], b: number[], c: number[]) => Math.sign((b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!));
  const within = (a: number[], b: number[], c: number[]) =>
    Math.min(a[0]!, b[0]!) <= c[0]! &&
    c[0]! <= Math.max(a[0]!, b[0]!) &&
    Math.min(a[1]!, b[1]!) <= c[1]! &&
    c[1]! <= Math.max(a[1]!, b[1]!);
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const [[a, b], [c, d]] = [edges[i]!, edges[j]!];
      const adjacent = j === i + 1 || (i === 0 && j === edges.length - 1);
      const [o1, o2, o3, o4] = [side(a, b, c), side(a, b, d), side(c, d, a), side(c, d, b)];
      if (adjacent) {
        // Adjacent edges share one end; they cross only by folding back along each other.
        const joint = j === i + 1 ? b : a;
        const [p, q] = j === i + 1 ? [a, d] : [b, c];
        if (side(p, joint, q) === 0 && (p[0]! - joint[0]!) * (q[0]! - joint[0]!) + (p[1]! - joint[1]!) * (q[1]! - joint[1]!) > 0)
          return true;
        continue;
      }
      if (
        (o1 !== o2 && o3 !== o4) ||
        (o1 === 0 && within(a, b, c)) ||
        (o2 === 0 && within(a, b, d)) ||
        (o3 === 0 && within(c, d, a)) ||
        (o4 === 0 && within(c, d, b))
      )
        return true;
    }
  }
  return false;
}

describe('polygon shape', () => {
  it('takes boxes, convex polygons and a box with a hole inside it', () => {
    expect(polygonProblem([box(0, 0, 1, 1)])).toBeNull();
    expect(polygonProblem([regular(5_000, 2.35, 48.85, 0.2)])).toBeNull();
    expect(polygonProblem([box(0, 0, 10, 10), box(2, 2, 3, 3), box(5, 5, 6, 6)])).toBeNull();
  });

  it('refuses a bow tie, a spike, a ring with no area, a repeated position and holes that cross', () => {
    expect(
      polygonProblem([
        closed([
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 1],
        ]),
      ]),
    ).toBe('its outline crosses itself');
    expect(
      polygonProblem([
        closed([
          [0, 0],
          [2, 0],
          [1, 0],
          [1, 1],
        ]),
      ]),
    ).toBe('its outline crosses itself');
    expect(
      polygonProblem([
        closed([
          [0, 0],
          [1, 1],
          [2, 2],
        ]),
      ]),
    ).toBe('its outline encloses no area');
    expect(
      polygonProblem([
        closed([
          [0, 0],
          [1, 0],
          [1, 0],
          [1, 1],
        ]),
      ]),
    ).toBe('its outline repeats position 2');
    expect(polygonProblem([box(0, 0, 10, 10), box(8, 8, 12, 12)])).toBe('a hole crosses its outline or another hole');
    expect(polygonProblem([box(0, 0, 10, 10), box(2, 2, 5, 5), box(4, 4, 6, 6)])).toBe('a hole crosses its outline or another hole');
    // Two loops touching at one corner: a figure eight is not one area either.
    expect(
      polygonProblem([
        closed([
          [0, 0],
          [1, 1],
          [2, 0],
          [3, 0],
          [1, 1],
          [0, 2],
        ]),
      ]),
    ).toBe('its outline crosses itself');
  });

  it('agrees with checking every pair of edges, on random rings', () => {
    const ring = fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })), { minLength: 3, maxLength: 9 });
    fc.assert(
      fc.property(ring, (corners) => {
        const positions = closed(corners.map(([x, y]) => [x, y]));
        const distinct = positions.every((p, i) => i === 0 || p[0] !== positions[i - 1]![0] || p[1] !== positions[i - 1]![1]);
        fc.pre(distinct);
        const problem = polygonProblem([positions]);
        fc.pre(problem === null || problem.endsWith('crosses itself'));
        expect(problem !== null).toBe(crossesByEveryPair(positions));
      }),
      { numRuns: 3_000 },
    );
  });

  it('takes every convex polygon, whatever its size, place and turn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 200 }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: 0.001, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 6.3, noNaN: true }),
        (n, lng, lat, radius, turn) => expect(polygonProblem([regular(n, lng, lat, radius, turn)])).toBeNull(),
      ),
    );
  });

  it('is what an area saved must be, and names the problem', () => {
    const read = areaGeometrySchema.safeParse({
      type: 'Polygon',
      coordinates: [
        closed([
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 1],
        ]),
      ],
    });
    expect(read.success).toBe(false);
    expect(read.error!.issues[0]!.message).toBe('a polygon must be simple: its outline crosses itself');
    const many = areaGeometrySchema.safeParse({ type: 'Polygon', coordinates: [regular(5_000, 0, 0, 1)] });
    expect(many.success).toBe(false);
    expect(many.error!.issues.map((issue) => issue.message)).toContain('an area holds at most 5000 positions');
  });

  it('gives the bounding box as RFC 7946 orders it', () => {
    expect(boundingBox(box(-89.75, 39.7, -89.55, 39.85))).toEqual([-89.75, 39.7, -89.55, 39.85]);
  });
});
