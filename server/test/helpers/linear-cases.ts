import {
  capText,
  cameraMediaIssues,
  cameraWriteSchema,
  findUrls,
  hasForbiddenNameCharacters,
  looksLikeSource,
  maskSourceCredentials,
  mqttSlug,
  parseCameraSource,
  parseEncoderOptions,
  parseStreamMap,
  parseVideoCodec,
  parseVideoFilter,
  splitUrlCredentials,
  TEXT_FIELD_MAX_LENGTH,
  tokenizeArgs,
  type ConfigFile,
} from '@homecam/shared';
import { jsonDepthExceeds } from '../../src/http/limits.js';
import { redactSecrets } from '../../src/integrations/integration.js';
import { parseSource as parseLibSource } from '../../src/lib/ffmpeg-args/source.js';
import { capLogLine } from '../../src/logs/cap-line.js';
import { secretsOf as configSecretsOf } from '../../src/logs/config-secrets.js';
import { LogHub } from '../../src/logs/log-hub.js';
import { Scrubber } from '../../src/logs/scrub.js';
import { formatLine, toEntry } from '../../src/logs/to-entry.js';
import { describeExit } from '../../src/media/ffmpeg/exit-reason.js';
import { redactArgs, redactorFor, redactText, redactUrl } from '../../src/media/ffmpeg/redact.js';
import { cameraFolder } from '../../src/repositories/recording-files.repository.js';
import { maskCameraSecrets, restoreMaskedText } from '../../src/config-rules/camera-secrets.js';
import { decodeFeedBody } from '../../src/services/feed.service.js';
import { plainText, safeLink } from '../../src/services/feed-text.js';
import { oversizedTextIssues } from '../../src/services/text-caps.js';
import { clean as ftpClean, resolveFtpPath } from '../../src/triggers/ftp-protocol.js';
import { parseTriggerUrl } from '../../src/triggers/http-trigger.js';
import { matchMessage } from '../../src/triggers/mqtt-match.js';
import { MAX_PAYLOAD_BYTES } from '../../src/triggers/mqtt-trigger.js';
import { localPart, unreplace } from '../../src/triggers/smtp-match.js';

/**
 * Hostile text of one mebibyte for every helper that takes text from outside (finding N1/N2): runs that a
 * backtracking or rescanning pattern chews on from every position (letters before a `://` that fails, `?` and `&`
 * runs in a query, `a://` repeated, unclosed tags), and plain floods of one separator.
 */
export const HOSTILE_LENGTH = 1 << 20;
const n = HOSTILE_LENGTH;
const times = (unit: string): string => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

export const INPUTS: Record<string, () => string> = {
  'letters, then :// at the end': () => `${times('a')}://`,
  'letters without ://': () => times('a'),
  'scheme characters then ://"': () => `${times('ab1+.-')}://"`,
  'a:// repeated': () => times('a://'),
  'a:// and a space repeated': () => times('a:// '),
  'a URL with a run of ?': () => `rtsp://cam/${times('?')}`,
  'a URL with a run of &x': () => `rtsp://cam/?${times('&x')}`,
  'a URL with a run of @': () => `rtsp://${times('@')}`,
  'a URL with user:pass pairs': () => `rtsp://${times('u:p')}@cam`,
  'a URL with a run of %': () => `rtsp://u:${times('%')}@cam/`,
  'a run of %': () => times('%'),
  'a run of =': () => times('='),
  'key= repeated': () => times('key='),
  'Bearer and spaces': () => `Bearer ${times(' ')}`,
  'a run of /': () => times('/'),
  'a run of _': () => times('_'),
  'a run of -i': () => times(' -i'),
  'unclosed tags <a': () => times('<a'),
  'unclosed comments <!--': () => times('<!--'),
  'unclosed <script': () => times('<script'),
  'escaped tags &lt;a': () => times('&lt;a'),
  'a run of [': () => times('['),
  'nested arrays': () => `${'['.repeat(n / 2)}${']'.repeat(n / 2)}`,
  'RTL overrides': () => times('\u202e'),
  'lone surrogates': () => times('\ud800'),
  'line breaks': () => times('\r\n'),
};

const scrubber = new Scrubber();
scrubber.setSecrets(['CamPass-77x', 'HttpTriggerToken-123']);
const hub = new LogHub({ out: { write: () => undefined }, batchMs: 1 });

const stream = (text: string): object => ({ videoConfig: { source: text, subSource: text, stillImageSource: text } });
/** A thrown refusal is a fine answer for a parser: only the time counts. */
const attempt = (run: () => unknown): unknown => {
  try {
    return run();
  } catch (error) {
    return error instanceof Error ? error.message : 'thrown';
  }
};
/** A helper called on the text as it is. */
const direct = (run: (text: string) => unknown) => (text: string) => () => run(text);
/** A pino line around the text, as a client's URL and Host header reach the log (made before the clock starts). */
const requestLine = (text: string): string =>
  `${JSON.stringify({ level: 30, time: 1, msg: 'incoming request', req: { method: 'GET', url: `/api/health?x=${text}`, hostname: text } })}\n`;

/**
 * Every helper under test: given the hostile text, it prepares its arguments and returns the call that is timed
 * (preparing a JSON line around a mebibyte is the test's cost, not the helper's).
 */
export const HELPERS: Record<string, (text: string) => () => unknown> = {
  // packages/shared: URLs, masking, the camera grammar, names.
  findUrls: direct((text) => findUrls(text).length),
  maskSourceCredentials: direct(maskSourceCredentials),
  splitUrlCredentials: direct(splitUrlCredentials),
  capText: direct((text) => capText(text, TEXT_FIELD_MAX_LENGTH)),
  looksLikeSource: direct(looksLikeSource),
  parseCameraSource: direct((text) => attempt(() => parseCameraSource(text))),
  tokenizeArgs: direct((text) => attempt(() => tokenizeArgs(text))),
  parseEncoderOptions: direct((text) => attempt(() => parseEncoderOptions(text))),
  parseVideoFilter: direct((text) => attempt(() => parseVideoFilter(text))),
  parseStreamMap: direct((text) => attempt(() => parseStreamMap(text))),
  parseVideoCodec: direct((text) => attempt(() => parseVideoCodec(text))),
  cameraMediaIssues: direct((text) => cameraMediaIssues({ videoConfig: { source: text, vcodec: text, encoderOptions: text, videoFilter: text, mapvideo: text } })),
  cameraWriteSchema: direct((text) => cameraWriteSchema.safeParse({ name: text, room: text, videoConfig: { source: text }, plugin: { key: text } }).success),
  mqttSlug: direct(mqttSlug),
  hasForbiddenNameCharacters: direct(hasForbiddenNameCharacters),
  // server: the log pipeline (N1), camera masking (N2), media redaction, feeds, triggers, config caps.
  'Scrubber.scrub': direct((text) => scrubber.scrub(text)),
  capLogLine: (text) => {
    const line = requestLine(text);
    return () => capLogLine(line);
  },
  'LogHub.write': (text) => {
    const line = requestLine(text);
    return () => {
      hub.write(line);
      return hub.recent(1);
    };
  },
  toEntry: direct((text) => formatLine(toEntry({ level: 30, msg: text, req: { url: text }, extra: text }, 1))),
  maskCameraSecrets: direct((text) => maskCameraSecrets({ name: 'Cam', ...stream(text), myPlugin: { apiKey: text, list: [text] } })),
  restoreMaskedText: direct((text) => attempt(() => restoreMaskedText(`${text} rtsp://admin:********@cam/`, `rtsp://admin:pw@cam/ ${text}`))),
  configSecretsOf: direct((text) =>
    configSecretsOf({ smtp: {}, ftp: {}, mqtt: {}, http: {}, notifications: {}, cameras: [{ name: 'Cam', ...stream(text) }] } as unknown as ConfigFile),
  ),
  redactText: direct((text) => redactText(text, ['CamPass-77x'])),
  redactUrl: direct(redactUrl),
  redactArgs: direct((text) => redactArgs(['-i', text, text])),
  redactorFor: direct((text) => redactorFor(text)(text)),
  'lib parseSource': direct((text) => attempt(() => parseLibSource(text))),
  redactSecrets: direct((text) => redactSecrets(text, ['secret-123'])),
  describeExit: direct((text) => describeExit({ reason: 'exited', code: 1, signal: null, stderr: text, runMs: 1, hadOutput: false, willRetry: false })),
  plainText: direct((text) => plainText(text, 300)),
  safeLink: direct((text) => safeLink(text, 'https://feed.example/')),
  decodeFeedBody: (text) => {
    const body = Buffer.from(text.slice(0, 4096));
    return () => decodeFeedBody(body, `text/xml; charset=${text}`).length;
  },
  parseTriggerUrl: direct((text) => parseTriggerUrl(`/motion?${text}`)),
  // The trigger drops payloads past MAX_PAYLOAD_BYTES before matching (mqtt-trigger.ts): a message gets at most that.
  matchMessage: direct((text) => {
    const payload = text.slice(0, MAX_PAYLOAD_BYTES);
    return [matchMessage('{"event":{"state":true}}', payload), matchMessage('ON', payload)];
  }),
  'smtp localPart/unreplace': direct((text) => unreplace(localPart(text), '+')),
  'ftp clean/resolveFtpPath': direct((text) => [ftpClean(text).length, resolveFtpPath([], text).length]),
  jsonDepthExceeds: direct((text) => jsonDepthExceeds(text, 64)),
  oversizedTextIssues: direct((text) => oversizedTextIssues({ a: text, [text.slice(0, 5000)]: [text] }, {})),
  cameraFolder: direct(cameraFolder),
};
