/** config.json as the editor shows it: two-space indent and a final newline, as the server writes it. */
export const formatConfig = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;

/** The edited text as a JSON object, or null while it is not one (Save is off then). */
export function parseConfigObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
