/** Byte ranges [start, end): merged, sorted, empty ones dropped (highlighting and `--offsets`). */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const r = ranges.filter(([a, b]) => b > a).map(([a, b]): [number, number] => [a, b]).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of r) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}
