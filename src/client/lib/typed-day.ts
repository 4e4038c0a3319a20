// A day as a person types it — day first, as it is written in Argentina and Spain — read into the
// 'YYYY-MM-DD' the app's schemas and the server take.

const pad = (n: number) => String(n).padStart(2, '0');

/** The day's 'YYYY-MM-DD', or null when those numbers are no day of the calendar (31/02). */
function dayOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * '1/12/2026', '01-12-2026', '1.12.2026', '01122026' (day, month, year of four digits), or a pasted
 * '2026-12-01' → '2026-12-01'. Null for anything else. The year is whole: the field reads as it is
 * typed, and '25/12/20' on the way to '25/12/2026' must not be taken for 2020.
 */
export function parseTypedDay(text: string): string | null {
  const typed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (!parts) return null;
  return dayOf(Number(parts[3]), Number(parts[2]), Number(parts[1]));
}
