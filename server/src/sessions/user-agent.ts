/**
 * Issue 21: "Firefox 133 on Windows" for the signed-in devices list, read from a User-Agent without a regular
 * expression: a fixed list of markers found with indexOf in at most MAX_USER_AGENT characters, and the version's
 * digits read up to MAX_VERSION_DIGITS. Linear in the (bounded) input whatever a client sends.
 */
export const MAX_USER_AGENT = 512;
const MAX_VERSION_DIGITS = 4;

export interface DeviceDescription {
  browser: string | null;
  os: string | null;
}

/** Most specific first: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: readonly (readonly [marker: string, name: string])[] = [
  ['Edg/', 'Edge'],
  ['EdgiOS/', 'Edge'],
  ['OPR/', 'Opera'],
  ['SamsungBrowser/', 'Samsung Internet'],
  ['Firefox/', 'Firefox'],
  ['FxiOS/', 'Firefox'],
  ['CriOS/', 'Chrome'],
  ['Chromium/', 'Chromium'],
  ['HeadlessChrome/', 'Chrome'],
  ['Chrome/', 'Chrome'],
  ['Version/', 'Safari'],
  ['HomeAssistant/', 'Home Assistant'],
  ['curl/', 'curl'],
  ['python-requests/', 'Python'],
  ['node', 'Node.js'],
];

const SYSTEMS: readonly (readonly [marker: string, name: string])[] = [
  ['iPhone', 'iOS'],
  ['iPad', 'iPadOS'],
  ['Android', 'Android'],
  ['CrOS', 'ChromeOS'],
  ['Windows', 'Windows'],
  ['Macintosh', 'macOS'],
  ['Mac OS X', 'macOS'],
  ['Linux', 'Linux'],
];

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

/** The major version right after `at`, if digits follow. */
function majorVersion(text: string, at: number): string {
  let end = at;
  while (end - at < MAX_VERSION_DIGITS && isDigit(text[end])) end += 1;
  return text.slice(at, end);
}

function browserOf(text: string): string | null {
  for (const [marker, name] of BROWSERS) {
    const at = text.indexOf(marker);
    if (at < 0) continue;
    // Safari's version sits in Version/…, but only a Safari also says Safari/.
    if (name === 'Safari' && !text.includes('Safari/')) continue;
    if (!marker.endsWith('/')) return name;
    const version = majorVersion(text, at + marker.length);
    return version ? `${name} ${version}` : name;
  }
  return null;
}

function systemOf(text: string): string | null {
  for (const [marker, name] of SYSTEMS) if (text.includes(marker)) return name;
  return null;
}

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null };
  const text = userAgent.slice(0, MAX_USER_AGENT);
  return { browser: browserOf(text), os: systemOf(text) };
}
