import type { TriggerAction, TriggerCamera } from './trigger.js';

/** camera.ui's defaults for a configured topic without a message. */
export const MQTT_DEFAULT_MESSAGES = { motion: 'ON', reset: 'OFF', doorbell: 'ON' } as const;

export type MqttMatch = 'match' | 'noMatch' | 'invalidJson';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Leaf = { path: string[]; value: null | boolean | number | string };

function parseJson(text: string): { ok: true; value: Json } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch {
    return { ok: false };
  }
}

/** The first leaf of a JSON value in document order, with its path (`{"event":{"state":true}}` → event.state = true). */
export function firstLeaf(value: Json, path: string[] = []): Leaf | undefined {
  if (value === null || typeof value !== 'object') return { path, value };
  const entries: [string, Json][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const leaf = firstLeaf(item, [...path, key]);
    if (leaf) return leaf;
  }
  return undefined;
}

function valueAt(value: Json, path: readonly string[]): { found: true; value: Json } | { found: false } {
  let current: Json = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return { found: false };
    current = Array.isArray(current) ? (current[Number(key)] as Json) : (current[key] as Json);
  }
  return { found: true, value: current };
}

/**
 * Whether a payload is the configured message, as camera.ui decided it: the same text; or, when the configured
 * message is a JSON object, the payload is JSON and holds the configured object's first leaf at the same path
 * with the same value (`{"event":{"state":true}}` matches `{"id":4,"event":{"state":true,"zone":2}}`). A JSON
 * string or number payload equal to the configured one counts too (`"ON"`, `1.0`). `invalidJson`: a JSON
 * message was configured and the payload is not JSON.
 */
export function matchMessage(configured: string, payload: string): MqttMatch {
  if (payload === configured) return 'match';
  const expected = parseJson(configured);
  if (expected.ok && expected.value !== null && typeof expected.value === 'object') {
    const leaf = firstLeaf(expected.value);
    if (!leaf) return 'noMatch';
    const actual = parseJson(payload);
    if (!actual.ok) return 'invalidJson';
    const found = valueAt(actual.value, leaf.path);
    return found.found && found.value === leaf.value ? 'match' : 'noMatch';
  }
  const actual = parseJson(payload);
  if (!actual.ok) return 'noMatch';
  if (actual.value === configured) return 'match';
  return expected.ok && actual.value === expected.value ? 'match' : 'noMatch';
}

export interface MqttBinding {
  topic: string;
  camera: string;
  kind: 'motion' | 'reset' | 'doorbell';
  message: string;
  /** For a motion topic: the reset message, which turns motion off on the same topic. */
  resetMessage?: string;
}

function clean(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/** Topics with `+` or `#` are left out: camera.ui only accepted an exact topic, and so do we. */
export function hasWildcard(topic: string): boolean {
  return topic.includes('+') || topic.includes('#');
}

/** Every camera's configured topics, as (topic, camera, kind, message). Topics are matched exactly. */
export function mqttBindings(cameras: readonly TriggerCamera[]): MqttBinding[] {
  const bindings: MqttBinding[] = [];
  for (const camera of cameras) {
    const mqtt = camera.mqtt;
    if (!mqtt) continue;
    const resetMessage = mqtt.motionResetMessage || MQTT_DEFAULT_MESSAGES.reset;
    const motionTopic = clean(mqtt.motionTopic);
    const resetTopic = clean(mqtt.motionResetTopic);
    const doorbellTopic = clean(mqtt.doorbellTopic);
    if (motionTopic) {
      bindings.push({ topic: motionTopic, camera: camera.name, kind: 'motion', message: mqtt.motionMessage || MQTT_DEFAULT_MESSAGES.motion, resetMessage });
    }
    if (resetTopic) bindings.push({ topic: resetTopic, camera: camera.name, kind: 'reset', message: resetMessage });
    if (doorbellTopic) {
      bindings.push({ topic: doorbellTopic, camera: camera.name, kind: 'doorbell', message: mqtt.doorbellMessage || MQTT_DEFAULT_MESSAGES.doorbell });
    }
  }
  return bindings;
}

export interface MqttDecision {
  actions: { camera: string; action: TriggerAction }[];
  /** No binding matched because a JSON message was configured and the payload was not JSON. */
  invalidJson: boolean;
}

/**
 * What a message on `topic` means: for each camera bound to the topic, motion, reset or doorbell. A camera
 * whose motion and reset topics are the same gets one reset, not two.
 */
export function decide(bindings: readonly MqttBinding[], topic: string, payload: string): MqttDecision {
  const actions: MqttDecision['actions'] = [];
  let invalidJson = false;
  const add = (camera: string, action: TriggerAction): void => {
    if (!actions.some((a) => a.camera === camera && a.action === action)) actions.push({ camera, action });
  };
  for (const binding of bindings) {
    if (binding.topic !== topic) continue;
    const result = matchMessage(binding.message, payload);
    if (result === 'match') {
      add(binding.camera, binding.kind === 'motion' ? 'motion' : binding.kind === 'reset' ? 'motionReset' : 'doorbell');
      continue;
    }
    if (result === 'invalidJson') invalidJson = true;
    if (binding.kind === 'motion' && binding.resetMessage) {
      const reset = matchMessage(binding.resetMessage, payload);
      if (reset === 'match') add(binding.camera, 'motionReset');
      else if (reset === 'invalidJson') invalidJson = true;
    }
  }
  return { actions, invalidJson: actions.length === 0 && invalidJson };
}

/**
 * The broker URL from camera.ui's `mqtt` block. `host` may be a plain host (`broker.lan`, `10.0.0.2`, `::1`) or
 * a whole URL (`mqtts://broker.lan:8883`, `ws://…`); a URL's own scheme and port win. Returns the URL and a
 * form safe for logs (no user info).
 */
export function brokerUrl(options: { host: string; port?: number | undefined; tls?: boolean | undefined }): { url: string; display: string } {
  const host = options.host.trim();
  if (!host) throw new Error('MQTT trigger: no broker host is configured');
  const port = options.port ?? (options.tls ? 8883 : 1883);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) {
    let parsed: URL;
    try {
      parsed = new URL(host);
    } catch {
      throw new Error('MQTT trigger: the broker URL is not valid');
    }
    if (!['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:', 'ssl:', 'tls:'].includes(parsed.protocol)) {
      throw new Error(`MQTT trigger: unsupported broker URL scheme '${parsed.protocol}' (use mqtt:// or mqtts://)`);
    }
    if (!parsed.port && (parsed.protocol === 'mqtt:' || parsed.protocol === 'mqtts:') && options.port) parsed.port = String(port);
    const display = `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
    return { url: parsed.toString(), display };
  }
  const bare = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const url = `${options.tls ? 'mqtts' : 'mqtt'}://${bare}:${port}`;
  return { url, display: url };
}
