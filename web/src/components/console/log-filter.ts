import { LOG_ENTRY_LEVELS, type LogEntry, type LogEntryLevel, type LogSource } from '@homecam/shared';

/** The source chips, in the order shown; `camera` entries are chosen per camera instead. */
export const SOURCE_CHIPS: readonly LogSource[] = ['http', 'http-trigger', 'mqtt', 'smtp', 'ftp', 'motion', 'recordings', 'alerts', 'push', 'users', 'system'];

/** A chip id: `source:<source>` or `camera:<name>`. */
export type ChipId = `source:${LogSource}` | `camera:${string}`;

export interface LogFilter {
  /** The chips switched on; none = every entry. An entry passes when any chip matches it. */
  chips: ReadonlySet<ChipId>;
  /** Entries below this level are hidden. */
  minLevel: LogEntryLevel;
  /** Case-insensitive text in the message, source or camera. */
  text: string;
}

export const EMPTY_FILTER: LogFilter = { chips: new Set(), minLevel: 'trace', text: '' };

const rank = (level: LogEntryLevel): number => LOG_ENTRY_LEVELS.indexOf(level);

export function toggleChip(chips: ReadonlySet<ChipId>, chip: ChipId): Set<ChipId> {
  const next = new Set(chips);
  if (!next.delete(chip)) next.add(chip);
  return next;
}

/** A predicate for the filter; the text is lowered once, not per entry. */
export function entryMatcher(filter: LogFilter): (entry: LogEntry) => boolean {
  const text = filter.text.trim().toLowerCase();
  const min = rank(filter.minLevel);
  return (entry) => {
    if (rank(entry.level) < min) return false;
    if (filter.chips.size > 0 && !filter.chips.has(`source:${entry.source}`) && !(entry.camera !== undefined && filter.chips.has(`camera:${entry.camera}`))) {
      return false;
    }
    if (text === '') return true;
    return `${entry.message} ${entry.source} ${entry.camera ?? ''}`.toLowerCase().includes(text);
  };
}

/** The camera chips: every camera of the list plus any other camera named in the entries, sorted. */
export function cameraChips(entries: readonly LogEntry[], cameras: readonly string[]): string[] {
  const names = new Set(cameras);
  for (const entry of entries) if (entry.camera !== undefined) names.add(entry.camera);
  return [...names].sort((a, b) => a.localeCompare(b));
}
