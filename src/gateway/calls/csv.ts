// CSV as the console's downloads write it: `;`-separated (what a Brazilian spreadsheet
// expects), a BOM so accents open right, CRLF lines. A cell that could start a formula is
// prefixed with an apostrophe; cells with a separator, quote or line break are quoted.
export type Cell = string | number | null;

function cell(v: Cell): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  const lines = [header.map(cell).join(';'), ...rows.map((r) => r.map(cell).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Micro-dollars as USD with 6 decimals and a dot (machine-readable; the console formats for people). */
export function usd(micros: number): string {
  return (micros / 1_000_000).toFixed(6);
}
