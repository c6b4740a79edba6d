/** Edits (insert, delete, replace) from one word to another. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** The known word a mistyped one most likely meant: within a third of its length in edits, or none. */
export function closest(word: string, known: readonly string[]): string | null {
  let best: { word: string; edits: number } | null = null;
  for (const candidate of known) {
    const edits = distance(word, candidate);
    if (!best || edits < best.edits) best = { word: candidate, edits };
  }
  return best && best.edits <= Math.max(2, Math.floor(word.length / 3)) ? best.word : null;
}
