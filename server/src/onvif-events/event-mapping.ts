import type { OnvifNotification } from './pull-point.js';

/**
 * What a camera's ONVIF notification means to HomeCam. Topics are matched on their path without namespace
 * prefixes (`tns1:RuleEngine/CellMotionDetector/Motion` → `RuleEngine/CellMotionDetector/Motion`), as vendors use
 * their own prefixes for the same paths.
 */
export type OnvifAction = 'motion' | 'motionReset' | 'doorbell' | 'tamper' | null;

/** Data items that carry the state, in the order they are looked for. */
const STATE_ITEMS = ['IsMotion', 'State', 'LogicalState', 'IsTamper', 'IsInside', 'Value'];

/** The topic's path without namespace prefixes; linear (one split, one slice per part). */
export function topicPath(topic: string): string {
  return topic
    .split('/')
    .map((part) => part.slice(part.indexOf(':') + 1).trim())
    .join('/');
}

function stateOf(notification: OnvifNotification): boolean | null {
  for (const name of STATE_ITEMS) {
    const value = notification.data.get(name)?.trim().toLowerCase();
    if (value === 'true' || value === '1' || value === 'active') return true;
    if (value === 'false' || value === '0' || value === 'inactive') return false;
  }
  return null;
}

/**
 * Motion: `RuleEngine/CellMotionDetector/Motion` (IsMotion), `VideoSource/MotionAlarm` (State) and other paths with
 * a `Motion…` part; true starts motion, false ends it. Doorbell: `Device/Trigger/DigitalInput` (LogicalState) or a
 * vendor path with `Doorbell`/`Call` — only on a camera marked as a doorbell, since a digital input may be wired to
 * anything else. Tamper: `VideoSource/GlobalSceneChange/…` or a path with `Tamper`, when it turns true.
 */
export function actionOf(notification: OnvifNotification, camera: { doorbell: boolean }): OnvifAction {
  const state = stateOf(notification);
  if (state === null) return null;
  const parts = topicPath(notification.topic).toLowerCase().split('/');
  const has = (test: (part: string) => boolean) => parts.some(test);
  if (has((part) => part === 'globalscenechange' || part.includes('tamper'))) return state ? 'tamper' : null;
  if (has((part) => part === 'digitalinput' || part.startsWith('doorbell') || part.startsWith('call'))) return camera.doorbell && state ? 'doorbell' : null;
  if (has((part) => part.startsWith('motion') || part === 'cellmotiondetector')) return state ? 'motion' : 'motionReset';
  return null;
}
