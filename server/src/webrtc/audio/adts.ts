/**
 * ADTS framing for raw AAC: the fMP4's audio samples carry no headers (their AudioSpecificConfig sits once in the
 * init segment's esds), while ffmpeg reading a pipe needs a self-describing stream. Each raw frame gets a 7-byte
 * header (no CRC) built from the AudioSpecificConfig.
 */
export interface AdtsConfig {
  /** ADTS profile: audio object type − 1 (AAC Main 0, LC 1, SSR 2, LTP 3). */
  profile: number;
  frequencyIndex: number;
  channelConfig: number;
}

const HEADER = 7;
/** frame_length is 13 bits and counts the header. */
const MAX_FRAME = 0x1fff;
/** SBR and PS (HE-AAC v1/v2): ADTS carries their core (LC) config, the decoder finds the extension in-band. */
const SBR_AOT = 5;
const PS_AOT = 29;

function bitReader(bytes: Buffer): (n: number) => number {
  let bit = 0;
  return (n) => {
    let value = 0;
    for (let i = 0; i < n; i++, bit++) {
      const byte = bytes[bit >> 3];
      if (byte === undefined) return -1;
      value = (value << 1) | ((byte >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
}

/**
 * The ADTS fields of an AudioSpecificConfig (ISO/IEC 14496-3 1.6.2.1), or null when ADTS cannot carry it: an
 * object type beyond LTP, an explicit (non-indexed) sample rate, a program config element instead of a channel
 * configuration, or a truncated config.
 */
export function adtsConfig(asc: Buffer): AdtsConfig | null {
  const read = bitReader(asc);
  const objectType = (): number => {
    const aot = read(5);
    return aot === 31 ? 32 + read(6) : aot;
  };
  let aot = objectType();
  const frequencyIndex = read(4);
  const channelConfig = read(4);
  if (aot === SBR_AOT || aot === PS_AOT) {
    if (read(4) === 15) read(24); // extension sampling frequency
    aot = objectType();
  }
  if (aot < 1 || aot > 4 || frequencyIndex < 0 || frequencyIndex > 12 || channelConfig < 1 || channelConfig > 7) return null;
  return { profile: aot - 1, frequencyIndex, channelConfig };
}

/** One raw AAC frame behind its ADTS header; null for a frame too long for ADTS (not AAC as we know it). */
export function adtsFrame(config: AdtsConfig, payload: Buffer): Buffer | null {
  const length = payload.length + HEADER;
  if (length > MAX_FRAME) return null;
  const header = Buffer.alloc(HEADER);
  header[0] = 0xff;
  header[1] = 0xf1; // syncword end, MPEG-4, layer 0, no CRC
  header[2] = (config.profile << 6) | (config.frequencyIndex << 2) | (config.channelConfig >> 2);
  header[3] = ((config.channelConfig & 3) << 6) | (length >> 11);
  header[4] = (length >> 3) & 0xff;
  header[5] = ((length & 7) << 5) | 0x1f; // buffer fullness 0x7FF: variable bit rate
  header[6] = 0xfc; // one raw data block
  return Buffer.concat([header, payload]);
}
