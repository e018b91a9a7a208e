// A small plot for the terminal: one column per value, `height` rows, the axis labelled with the
// minimum and maximum; `marker` draws a | before the column of that index (e.g. the load's end).
export function plot(values: number[], opts: { height?: number; marker?: number } = {}): string {
  const xs = values.filter((v) => Number.isFinite(v));
  if (!xs.length) return '  (no data)';
  const h = opts.height ?? 8;
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const span = hi - lo || 1;
  const level = (v: number) => (Number.isFinite(v) ? Math.round(((v - lo) / span) * (h - 1)) : -1);
  const width = Math.max(String(Math.round(hi)).length, String(Math.round(lo)).length);
  const rows: string[] = [];
  for (let r = h - 1; r >= 0; r--) {
    const label = r === h - 1 ? String(Math.round(hi)) : r === 0 ? String(Math.round(lo)) : '';
    let line = `  ${label.padStart(width)} ┤`;
    values.forEach((v, i) => {
      if (i === opts.marker) line += '|';
      line += level(v) === r ? '•' : level(v) > r ? '│' : ' ';
    });
    rows.push(line);
  }
  return rows.join('\n');
}
