/** Wall-clock milliseconds with sub-millisecond precision, comparable between the benchmark's processes. */
export const wallClock = () => performance.timeOrigin + performance.now();
