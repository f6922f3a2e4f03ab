/**
 * Wall-clock times in the user's language for the timeline and the player: short times on the axis, the day where
 * it changes, a full time with seconds for the play head, and local `datetime-local` input values (the export range).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, options);
    formatters.set(key, found);
  }
  return found;
}

/** `14:05` (or `2:05 PM`, as the language writes it). */
export function formatClock(t: number, language: string, seconds = false): string {
  return formatter(language, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) }).format(t);
}

/** `Sat 28 Nov` in the language's own order. */
export function formatDay(t: number, language: string): string {
  return formatter(language, { weekday: 'short', day: 'numeric', month: 'short' }).format(t);
}

/** `28 Nov, 14:05:09`: the play head and list entries. */
export function formatMoment(t: number, language: string): string {
  return formatter(language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(t);
}

/** A window's length in the language's own short unit: `24 hr`, `90 min`, `2 Min.`. */
export function formatLength(ms: number, language: string): string {
  const minutes = ms / 60_000;
  const [value, unit] = minutes >= 120 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}

/** A span's length as `1:30` / `1:02:03`. */
export function formatSpan(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local `YYYY-MM-DDTHH:mm:ss` a `<input type="datetime-local" step="1">` shows for `t`. */
export function toLocalInput(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Back from such a value (seconds optional, as browsers drop `:00`); null for anything else. */
export function fromLocalInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const t = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s).getTime();
  return Number.isNaN(t) ? null : t;
}

/** The local `YYYY-MM-DD` of a `<input type="date">`, and the local midnight it means. */
export function toDateInput(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function fromDateInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const t = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(t) ? null : t;
}
