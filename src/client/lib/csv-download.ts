// CSV files made in the browser, as Excel opens them in Spanish: semicolons, a BOM so accents
// read right, CRLF line ends, and quotes around any value that needs them.

const cell = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function toCsv(rows: string[][]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}

/** Offers `rows` as a file named `fileName` to download. */
export function downloadCsv(fileName: string, rows: string[][]) {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
