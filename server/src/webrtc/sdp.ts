/**
 * Just enough SDP reading to answer a browser's offer: its video section, that section's mid and the H.264
 * payload type to send with. We only pass H.264 through, so we pick the offered format Chromium decodes for
 * every camera profile we send: packetization-mode=1, constrained baseline first (a High-profile stream without
 * B-frames decodes fine under it), then baseline and main.
 */
export interface H264Choice {
  mid: string;
  payloadType: number;
  /** The offer's fmtp line for that payload type, echoed in the answer. */
  fmtp: string;
}

const PROFILE_PREFERENCE = ['42e0', '4200', '4d00', '42c0', '4d40', '6400'];

interface Section {
  kind: string;
  lines: string[];
}

function sections(sdp: string): Section[] {
  const out: Section[] = [];
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith('m=')) out.push({ kind: line.slice(2).split(' ')[0] ?? '', lines: [line] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

function rank(fmtp: string): number {
  const profile = /profile-level-id=([0-9a-fA-F]{6})/.exec(fmtp)?.[1]?.toLowerCase().slice(0, 4);
  const index = profile ? PROFILE_PREFERENCE.indexOf(profile) : -1;
  return index < 0 ? PROFILE_PREFERENCE.length : index;
}

/** The H.264 format to answer with, or null when the offer has no video the browser receives as H.264 mode 1. */
export function chooseH264(offer: string): H264Choice | null {
  const video = sections(offer).find((section) => section.kind === 'video');
  if (!video || video.lines.some((l) => l === 'a=sendonly' || l === 'a=inactive')) return null;
  const mid = video.lines.find((l) => l.startsWith('a=mid:'))?.slice(6).trim();
  if (!mid) return null;
  const candidates: H264Choice[] = [];
  for (const line of video.lines) {
    const match = /^a=rtpmap:(\d+) H264\/90000/i.exec(line);
    if (!match) continue;
    const payloadType = Number(match[1]);
    const fmtp = video.lines.find((l) => l.startsWith(`a=fmtp:${payloadType} `))?.slice(`a=fmtp:${payloadType} `.length).trim() ?? '';
    if (!/packetization-mode=1/.test(fmtp)) continue;
    candidates.push({ mid, payloadType, fmtp });
  }
  candidates.sort((a, b) => rank(a.fmtp) - rank(b.fmtp));
  return candidates[0] ?? null;
}

/** The offer's Opus format to send the camera's sound with (every WebRTC browser offers Opus). */
export interface OpusChoice {
  mid: string;
  payloadType: number;
  /** The browser offers to send sound too (`a=sendrecv`: a page that may talk through the camera, issue 22). */
  receive: boolean;
}

/** The Opus payload type of the offer's audio section, or null: no audio, sendonly/inactive audio, or no Opus. */
export function chooseOpus(offer: string): OpusChoice | null {
  const audio = sections(offer).find((section) => section.kind === 'audio');
  if (!audio || audio.lines.some((l) => l === 'a=sendonly' || l === 'a=inactive')) return null;
  const mid = audio.lines.find((l) => l.startsWith('a=mid:'))?.slice(6).trim();
  const match = audio.lines.map((l) => /^a=rtpmap:(\d+) opus\/48000\/2/i.exec(l)).find((m) => m !== null);
  if (!mid || !match) return null;
  return { mid, payloadType: Number(match[1]), receive: audio.lines.includes('a=sendrecv') };
}
