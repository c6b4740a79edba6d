/**
 * Whether a polygon drawn on the map is one the point-in-area test can answer for: every
 * ring encloses some area, no edge crosses or touches another (within a ring or between its
 * outline and holes), positions `[longitude, latitude]` read flat, in degrees.
 */

type Position = readonly number[];
type Segment = { ax: number; ay: number; bx: number; by: number; ring: number; index: number; length: number };

/** Twice the ring's signed area (shoelace). */
function doubledArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
}

const orientation = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));

const onSegment = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);

/** Whether two closed segments share any point (touching counts). */
function meet(s: Segment, t: Segment): boolean {
  const o1 = orientation(s.ax, s.ay, s.bx, s.by, t.ax, t.ay);
  const o2 = orientation(s.ax, s.ay, s.bx, s.by, t.bx, t.by);
  const o3 = orientation(t.ax, t.ay, t.bx, t.by, s.ax, s.ay);
  const o4 = orientation(t.ax, t.ay, t.bx, t.by, s.bx, s.by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(s.ax, s.ay, s.bx, s.by, t.ax, t.ay)) ||
    (o2 === 0 && onSegment(s.ax, s.ay, s.bx, s.by, t.bx, t.by)) ||
    (o3 === 0 && onSegment(t.ax, t.ay, t.bx, t.by, s.ax, s.ay)) ||
    (o4 === 0 && onSegment(t.ax, t.ay, t.bx, t.by, s.bx, s.by))
  );
}

/** Neighbours on one ring share their common end, and only it, unless they fold back over each other. */
function neighbours(s: Segment, t: Segment): boolean {
  if (s.ring !== t.ring) return false;
  const apart = Math.abs(s.index - t.index);
  return apart === 1 || apart === s.length - 1;
}

function foldsBack(s: Segment, t: Segment): boolean {
  // Adjacent edges meet at one end; they overlap beyond it only when collinear and pointing back.
  const [px, py] = s.bx === t.ax && s.by === t.ay ? [s.ax, s.ay] : [s.bx, s.by];
  const [qx, qy] = s.bx === t.ax && s.by === t.ay ? [t.bx, t.by] : [t.ax, t.ay];
  const [jx, jy] = s.bx === t.ax && s.by === t.ay ? [s.bx, s.by] : [s.ax, s.ay];
  return orientation(px, py, jx, jy, qx, qy) === 0 && (px - jx) * (qx - jx) + (py - jy) * (qy - jy) > 0;
}

/**
 * Null when the polygon is simple; otherwise what is wrong with it, in words. Edges are
 * swept by their western end, so a drawn area of thousands of positions is checked in
 * about n log n, not n².
 */
export function polygonProblem(rings: readonly (readonly Position[])[]): string | null {
  const segments: Segment[] = [];
  for (const [r, ring] of rings.entries()) {
    if (Math.abs(doubledArea(ring)) === 0) return `${r === 0 ? 'its outline' : `hole ${r}`} encloses no area`;
    const length = ring.length - 1;
    for (let i = 0; i < length; i++) {
      const [ax, ay] = ring[i] as [number, number];
      const [bx, by] = ring[i + 1] as [number, number];
      if (ax === bx && ay === by) return `${r === 0 ? 'its outline' : `hole ${r}`} repeats position ${i + 1}`;
      segments.push({ ax, ay, bx, by, ring: r, index: i, length });
    }
  }
  const west = (s: Segment) => Math.min(s.ax, s.bx);
  const east = (s: Segment) => Math.max(s.ax, s.bx);
  segments.sort((s, t) => west(s) - west(t));
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    for (let j = i + 1; j < segments.length && west(segments[j]!) <= east(s); j++) {
      const t = segments[j]!;
      if (neighbours(s, t) ? foldsBack(s, t) : meet(s, t)) {
        return s.ring === t.ring
          ? `${s.ring === 0 ? 'its outline' : `hole ${s.ring}`} crosses itself`
          : 'a hole crosses its outline or another hole';
      }
    }
  }
  return null;
}

/** `[west, south, east, north]`, as RFC 7946's `bbox` member. */
export function boundingBox(positions: Iterable<Position>): [number, number, number, number] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of positions) {
    west = Math.min(west, lng!);
    east = Math.max(east, lng!);
    south = Math.min(south, lat!);
    north = Math.max(north, lat!);
  }
  return [west, south, east, north];
}
