import { findCamera, type TriggerCamera } from './trigger.js';

/**
 * How the SMTP trigger picks a camera, as camera.ui did: the recipient's local part (spaces written as
 * `space_replace`, default `+`: `Front+Door@homecam`) against the camera's `smtp.email` or its name; else the
 * sender's local part against `smtp.from`; else a text `smtp.body` found in the mail. Case never matters. A
 * configured value with an `@` is compared with the whole address instead of the local part.
 */

export function localPart(address: string): string {
  const at = address.lastIndexOf('@');
  return at === -1 ? address : address.slice(0, at);
}

/** `Front+Door` → `Front Door` with the default `+`; an empty replace string changes nothing. */
export function unreplace(value: string, spaceReplace: string): string {
  return spaceReplace ? value.split(spaceReplace).join(' ') : value;
}

function byAddress(
  cameras: readonly TriggerCamera[],
  address: string,
  spaceReplace: string,
  configured: (camera: TriggerCamera) => string | undefined,
): TriggerCamera | undefined {
  const whole = address.trim().toLowerCase();
  const local = unreplace(localPart(address), spaceReplace);
  const candidates = cameras.flatMap((camera) => {
    const value = configured(camera)?.trim();
    return value ? [{ camera, value }] : [];
  });
  const full = candidates.find((c) => c.value.includes('@') && c.value.toLowerCase() === whole);
  if (full) return full.camera;
  const locals = candidates.filter((c) => !c.value.includes('@')).map((c) => ({ name: unreplace(c.value, spaceReplace), camera: c.camera }));
  return findCamera(locals, local)?.camera;
}

/** The camera a mail to `address` is for: `smtp.email` first, then the camera name. */
export function cameraByRecipient(cameras: readonly TriggerCamera[], address: string, spaceReplace: string): TriggerCamera | undefined {
  return byAddress(cameras, address, spaceReplace, (c) => c.smtp?.email) ?? byAddress(cameras, address, spaceReplace, (c) => c.name);
}

/** The camera whose `smtp.from` is the sender. The null sender (`<>`) matches nothing. */
export function cameraBySender(cameras: readonly TriggerCamera[], address: string, spaceReplace: string): TriggerCamera | undefined {
  if (!address.trim()) return undefined;
  return byAddress(cameras, address, spaceReplace, (c) => c.smtp?.from);
}

/** The first camera (in config order) whose `smtp.body` occurs in the subject, the text or the HTML of the mail. */
export function cameraByBody(
  cameras: readonly TriggerCamera[],
  mail: { subject?: string | undefined; text?: string | undefined; html?: string | undefined },
): TriggerCamera | undefined {
  const haystacks = [mail.subject, mail.text, mail.html].filter((s): s is string => !!s);
  return cameras.find((camera) => {
    const needle = camera.smtp?.body;
    return !!needle && haystacks.some((text) => text.includes(needle));
  });
}

export function anyCameraHasBody(cameras: readonly TriggerCamera[]): boolean {
  return cameras.some((camera) => !!camera.smtp?.body);
}
