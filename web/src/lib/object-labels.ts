import { OBJECT_LABELS } from '@homecam/shared';
import type { TFunction } from 'i18next';

const COCO: ReadonlySet<string> = new Set(OBJECT_LABELS);

/**
 * A detector's label in the reader's language: COCO's 80 (the local detector's and Rekognition's shared
 * vocabulary) are translated; a label of the user's own model or an older Rekognition name shows as stored.
 */
export function objectLabelName(t: TFunction, label: string): string {
  return COCO.has(label) ? t(`objects:labels.${label}`) : label;
}

/** The camera's labels as the form keeps them (comma-separated) and back. */
export const splitLabels = (value: string): string[] => value.split(',').map((label) => label.trim()).filter((label) => label !== '');

/** Zones per label as the form keeps them (JSON): anything unreadable is no zones. */
export function parseZones(value: string): Record<string, number[]> {
  try {
    const parsed: unknown = JSON.parse(value || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const zones: Record<string, number[]> = {};
    for (const [label, list] of Object.entries(parsed)) if (Array.isArray(list)) zones[label] = list.filter((i): i is number => Number.isInteger(i));
    return zones;
  } catch {
    return {};
  }
}

/** The form's JSON of zones per label: labels sorted, zone numbers sorted, labels without zones left out. */
export function zonesToForm(zones: Record<string, readonly number[]>): string {
  const entries = Object.entries(zones)
    .filter(([, list]) => list.length > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, list]) => [label, [...new Set(list)].sort((a, b) => a - b)]);
  return JSON.stringify(Object.fromEntries(entries));
}
