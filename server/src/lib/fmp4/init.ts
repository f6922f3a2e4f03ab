import { boxes, child, children, fullBox, Mp4ParseError, need, path, type Box } from './boxes.js';

export interface TrackInfo {
  id: number;
  kind: 'video' | 'audio' | 'other';
  /** hdlr handler type: 'vide', 'soun', ... */
  handler: string;
  /** Ticks per second of this track's timestamps (mdhd). */
  timescale: number;
  /** Sample entry four-cc: 'avc1', 'hev1', 'mp4a', ... */
  sampleEntry: string;
  /** RFC 6381 codec string for MSE: 'avc1.42C01F', 'mp4a.40.2', 'hvc1.1.6.L93.B0', or the four-cc. */
  codec: string;
  width?: number;
  height?: number;
  channels?: number;
  sampleRate?: number;
  /** mp4a: the esds AudioSpecificConfig bytes (object type, rate, channels), e.g. for ADTS headers. */
  audioSpecificConfig?: Buffer;
  /** avcC/hvcC: bytes of the length in front of each NAL unit in a sample (1, 2 or 4). */
  nalLengthSize?: number;
  /** trex defaults (0 when absent); fragments may rely on them. */
  defaultSampleDuration: number;
  defaultSampleFlags: number;
}

export interface InitInfo {
  tracks: TrackInfo[];
  video?: TrackInfo;
  audio?: TrackInfo;
  /** 'avc1.42C01F, mp4a.40.2' (video first). */
  codecs: string;
  /** 'video/mp4; codecs="avc1.42C01F, mp4a.40.2"', ready for MediaSource.isTypeSupported / addSourceBuffer. */
  mimeType: string;
}

/** Parses an init segment (ftyp + moov). Throws Mp4ParseError when there is no usable moov. */
export function parseInit(buf: Buffer): InitInfo {
  const moov = [...boxes(buf)].find((box) => box.type === 'moov');
  if (!moov) throw new Mp4ParseError('init segment without moov');
  const trex = new Map<number, { duration: number; flags: number }>();
  const mvex = child(buf, moov, 'mvex');
  for (const box of mvex ? children(buf, mvex, 'trex') : []) {
    need(buf, box, 24);
    trex.set(buf.readUInt32BE(box.body + 4), { duration: buf.readUInt32BE(box.body + 12), flags: buf.readUInt32BE(box.body + 20) });
  }
  const tracks = children(buf, moov, 'trak').map((trak) => parseTrack(buf, trak, trex));
  const video = tracks.find((t) => t.kind === 'video');
  const audio = tracks.find((t) => t.kind === 'audio');
  const codecs = [video, audio].filter((t): t is TrackInfo => t !== undefined).map((t) => t.codec).join(', ');
  return { tracks, video, audio, codecs, mimeType: `${video ? 'video' : 'audio'}/mp4; codecs="${codecs}"` };
}

function parseTrack(buf: Buffer, trak: Box, trex: Map<number, { duration: number; flags: number }>): TrackInfo {
  const tkhd = child(buf, trak, 'tkhd');
  const mdhd = path(buf, trak, 'mdia', 'mdhd');
  const hdlr = path(buf, trak, 'mdia', 'hdlr');
  const stsd = path(buf, trak, 'mdia', 'minf', 'stbl', 'stsd');
  if (!tkhd || !mdhd || !hdlr || !stsd) throw new Mp4ParseError('trak without tkhd/mdhd/hdlr/stsd');
  const tkhdV1 = fullBox(buf, tkhd).version === 1;
  need(buf, tkhd, tkhdV1 ? 24 : 16);
  const id = buf.readUInt32BE(tkhd.body + (tkhdV1 ? 20 : 12));
  const mdhdV1 = fullBox(buf, mdhd).version === 1;
  need(buf, mdhd, mdhdV1 ? 24 : 16);
  const timescale = buf.readUInt32BE(mdhd.body + (mdhdV1 ? 20 : 12));
  need(buf, hdlr, 12);
  const handler = buf.toString('latin1', hdlr.body + 8, hdlr.body + 12);
  const kind = handler === 'vide' ? 'video' : handler === 'soun' ? 'audio' : 'other';
  const entry = [...boxes(buf, stsd.body + 8, stsd.end)][0];
  if (!entry) throw new Mp4ParseError(`track ${id} has no sample entry`);
  const defaults = trex.get(id) ?? { duration: 0, flags: 0 };
  const info: TrackInfo = {
    id, kind, handler, timescale, sampleEntry: entry.type, codec: entry.type,
    defaultSampleDuration: defaults.duration, defaultSampleFlags: defaults.flags,
  };
  if (kind === 'video') Object.assign(info, videoEntry(buf, entry));
  else if (kind === 'audio') Object.assign(info, audioEntry(buf, entry));
  return info;
}

function videoEntry(buf: Buffer, entry: Box): Partial<TrackInfo> {
  // SampleEntry (8) + VisualSampleEntry fields (70) precede the child boxes.
  need(buf, entry, 78);
  const width = buf.readUInt16BE(entry.body + 24);
  const height = buf.readUInt16BE(entry.body + 26);
  const kids = [...boxes(buf, entry.body + 78, entry.end)];
  const avcC = kids.find((b) => b.type === 'avcC');
  const hvcC = kids.find((b) => b.type === 'hvcC');
  let codec = entry.type;
  let nalLengthSize: number | undefined;
  if (avcC && avcC.end - avcC.body >= 4) {
    codec = `${entry.type}.${hex(buf[avcC.body + 1])}${hex(buf[avcC.body + 2])}${hex(buf[avcC.body + 3])}`;
    if (avcC.end - avcC.body >= 5) nalLengthSize = (buf[avcC.body + 4]! & 0x03) + 1;
  } else if (hvcC && hvcC.end - hvcC.body >= 13) {
    codec = hevcCodec(entry.type, buf.subarray(hvcC.body, hvcC.end));
    if (hvcC.end - hvcC.body >= 22) nalLengthSize = (buf[hvcC.body + 21]! & 0x03) + 1;
  }
  return { width, height, codec, ...(nalLengthSize ? { nalLengthSize } : {}) };
}

/** hvcC → 'hvc1.1.6.L93.B0' (ISO/IEC 14496-15 annex E). */
function hevcCodec(entryType: string, c: Buffer): string {
  const b1 = c.readUInt8(1);
  const space = ['', 'A', 'B', 'C'][b1 >> 6] ?? '';
  const tier = (b1 & 0x20) !== 0 ? 'H' : 'L';
  const profile = b1 & 0x1f;
  let compat = c.readUInt32BE(2);
  let reversed = 0;
  for (let i = 0; i < 32; i++) {
    reversed = (reversed << 1) | (compat & 1);
    compat >>>= 1;
  }
  const constraints = [...c.subarray(6, 12)];
  while (constraints.length > 0 && constraints[constraints.length - 1] === 0) constraints.pop();
  const level = c.readUInt8(12);
  const tail = constraints.map((byte) => `.${byte.toString(16).toUpperCase()}`).join('');
  return `${entryType}.${space}${profile}.${(reversed >>> 0).toString(16).toUpperCase()}.${tier}${level}${tail}`;
}

function audioEntry(buf: Buffer, entry: Box): Partial<TrackInfo> {
  need(buf, entry, 28);
  const version = buf.readUInt16BE(entry.body + 8);
  const channels = buf.readUInt16BE(entry.body + 16);
  const sampleRate = buf.readUInt32BE(entry.body + 24) >>> 16;
  const childStart = entry.body + 28 + (version === 1 ? 16 : version === 2 ? 36 : 0);
  const kids = childStart <= entry.end ? [...boxes(buf, childStart, entry.end)] : [];
  let codec = entry.type;
  if (entry.type === 'mp4a') {
    const esds = kids.find((b) => b.type === 'esds');
    const config = esds ? esdsConfig(buf.subarray(esds.body + 4, esds.end)) : { codec: 'mp4a.40.2' };
    // The sample entry's channelcount is a fixed 2 in MP4; the AudioSpecificConfig has the real one.
    return { channels: config.channels ?? channels, sampleRate, codec: config.codec, ...(config.asc ? { audioSpecificConfig: config.asc } : {}) };
  } else if (entry.type === 'Opus') codec = 'opus';
  else if (entry.type === 'fLaC') codec = 'flac';
  return { channels, sampleRate, codec };
}

/**
 * ES descriptor → codec 'mp4a.40.<audio object type>' (AAC-LC = mp4a.40.2), or 'mp4a.<OTI>' for other MPEG
 * audio, and the channel count of the AudioSpecificConfig.
 */
function esdsConfig(d: Buffer): { codec: string; channels?: number; asc?: Buffer } {
  let pos = 0;
  let oti = 0x40;
  const readDescriptor = (): { tag: number; end: number } | null => {
    if (pos >= d.length) return null;
    const tag = d.readUInt8(pos++);
    let length = 0;
    for (let i = 0; i < 4 && pos < d.length; i++) {
      const byte = d.readUInt8(pos++);
      length = (length << 7) | (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    return { tag, end: Math.min(d.length, pos + length) };
  };
  for (let descriptor = readDescriptor(); descriptor; descriptor = readDescriptor()) {
    if (descriptor.tag === 0x03) {
      const flags = d.readUInt8(pos + 2);
      pos += 3;
      if (flags & 0x80) pos += 2;
      if (flags & 0x40) pos += 1 + d.readUInt8(pos);
      if (flags & 0x20) pos += 2;
    } else if (descriptor.tag === 0x04) {
      oti = d.readUInt8(pos);
      pos += 13;
    } else if (descriptor.tag === 0x05 && oti === 0x40 && descriptor.end > pos) {
      const asc = Buffer.from(d.subarray(pos, descriptor.end));
      return { ...audioSpecificConfig(asc), asc };
    } else pos = descriptor.end;
  }
  return { codec: oti === 0x40 ? 'mp4a.40.2' : `mp4a.${oti.toString(16).toUpperCase()}` };
}

/** AudioSpecificConfig (ISO/IEC 14496-3): object type (5 or 11 bits), frequency index (4 [+24]), channels (4). */
function audioSpecificConfig(asc: Buffer): { codec: string; channels?: number } {
  let bit = 0;
  const read = (n: number): number => {
    let value = 0;
    for (let i = 0; i < n; i++, bit++) {
      const byte = asc[bit >> 3];
      if (byte === undefined) return -1;
      value = (value << 1) | ((byte >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  let aot = read(5);
  if (aot === 31) aot = 32 + read(6);
  if (read(4) === 15) read(24);
  const channels = read(4);
  return { codec: `mp4a.40.${aot}`, ...(channels > 0 ? { channels } : {}) };
}

function hex(byte: number | undefined): string {
  return (byte ?? 0).toString(16).toUpperCase().padStart(2, '0');
}
