import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AudioRtpClock } from './audio-clock.js';
import { adtsConfig, adtsFrame } from './adts.js';
import { OggOpusReader, opusSamples } from './ogg-opus.js';
import { chooseOpus } from '../sdp.js';

const run = promisify(execFile);

async function ffmpeg(args: string[]): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args], { encoding: 'buffer', maxBuffer: 16 << 20 });
  return stdout;
}

/** Splits an ADTS stream into its raw frames by the headers' frame_length. */
function rawFrames(adts: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  for (let p = 0; p + 7 <= adts.length; ) {
    const length = ((adts[p + 3]! & 3) << 11) | (adts[p + 4]! << 3) | (adts[p + 5]! >> 5);
    frames.push(adts.subarray(p + 7, p + length));
    p += length;
  }
  return frames;
}

/** An Ogg page (CRC left zero: the reader does not check it, ffmpeg's pages are not corrupted on a pipe). */
function oggPage(segments: number[], body: Buffer, continued: boolean): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = continued ? 1 : 0;
  header[26] = segments.length;
  return Buffer.concat([header, Buffer.from(segments), body]);
}

describe('ADTS writer', () => {
  it('reads the ADTS fields of AAC-LC, HE-AAC (explicit SBR) and refuses what ADTS cannot carry', () => {
    expect(adtsConfig(Buffer.from([0x11, 0x90]))).toEqual({ profile: 1, frequencyIndex: 3, channelConfig: 2 }); // LC 48 kHz stereo
    expect(adtsConfig(Buffer.from([0x14, 0x08]))).toEqual({ profile: 1, frequencyIndex: 8, channelConfig: 1 }); // LC 16 kHz mono
    expect(adtsConfig(Buffer.from([0x2b, 0x11, 0x88]))).toEqual({ profile: 1, frequencyIndex: 6, channelConfig: 2 }); // SBR → its LC core
    expect(adtsConfig(Buffer.from([0x12, 0x00]))).toBeNull(); // channel configuration 0 (a PCE)
    expect(adtsConfig(Buffer.from([0xf8, 0x20, 0x00, 0x00]))).toBeNull(); // escaped object type (USAC)
    expect(adtsConfig(Buffer.from([0x17, 0x80]))).toBeNull(); // explicit sample rate
    expect(adtsConfig(Buffer.from([]))).toBeNull();
    expect(adtsFrame({ profile: 1, frequencyIndex: 3, channelConfig: 2 }, Buffer.alloc(0x2000))).toBeNull();
  });

  it('rebuilds the exact ADTS stream ffmpeg writes from its raw frames and the AudioSpecificConfig', async () => {
    const adts = await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000', '-t', '1', '-c:a', 'aac', '-f', 'adts', 'pipe:1']);
    const frames = rawFrames(adts);
    expect(frames.length).toBeGreaterThan(10);
    const config = adtsConfig(Buffer.from([0x14, 0x08]))!;
    expect(Buffer.concat(frames.map((frame) => adtsFrame(config, frame)!))).toEqual(adts);
  });
});

describe('Ogg Opus reader', () => {
  it('returns the audio packets of ffmpeg libopus output, fed in any chunking, without the two header packets', async () => {
    const ogg = await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '1', '-c:a', 'libopus', '-b:a', '32k',
      '-application', 'lowdelay', '-frame_duration', '20', '-f', 'ogg', '-page_duration', '20000', 'pipe:1']);
    const whole = new OggOpusReader().push(ogg);
    expect(whole.length).toBeGreaterThanOrEqual(49);
    expect(whole.every((p) => opusSamples(p) === 960)).toBe(true);
    expect(whole.some((p) => p.subarray(0, 4).toString('latin1') === 'Opus')).toBe(false);
    const reader = new OggOpusReader();
    const chunked: Buffer[] = [];
    for (let p = 0; p < ogg.length; p += 7) chunked.push(...reader.push(ogg.subarray(p, p + 7)));
    expect(chunked).toEqual(whole);
  });

  it('joins a packet continued on the next page and drops a half packet whose continuation never came', () => {
    const big = Buffer.alloc(300, 0x7a);
    const reader = new OggOpusReader();
    const pages = [
      oggPage([255], big.subarray(0, 255), false),
      oggPage([45, 3], Buffer.concat([big.subarray(255), Buffer.from([1, 2, 3])]), true),
      oggPage([255], Buffer.alloc(255, 9), false),
      oggPage([2], Buffer.from([4, 5]), false), // not a continuation: the 255 bytes before are lost
    ];
    expect(reader.push(Buffer.concat(pages))).toEqual([big, Buffer.from([1, 2, 3]), Buffer.from([4, 5])]);
  });

  it('counts the 48 kHz samples of an Opus packet from its TOC byte', () => {
    expect(opusSamples(Buffer.from([(31 << 3) | 0]))).toBe(960); // CELT 20 ms
    expect(opusSamples(Buffer.from([(1 << 3) | 1]))).toBe(1920); // SILK 20 ms, two frames
    expect(opusSamples(Buffer.from([(3 << 3) | 3, 3]))).toBe(8640); // SILK 60 ms × 3
    expect(opusSamples(Buffer.from([(16 << 3) | 0]))).toBe(120); // CELT 2.5 ms
    expect(opusSamples(Buffer.alloc(0))).toBe(0);
  });
});

describe('Audio RTP clock', () => {
  it('advances by each packet’s length in a steady stream and by the wall time after a silence', () => {
    const clock = new AudioRtpClock(1_000);
    expect(clock.timestamp(960, 0)).toBe(1_000);
    expect(clock.timestamp(960, 0)).toBe(1_960); // a burst: still gapless
    expect(clock.timestamp(960, 100)).toBe(2_920);
    expect(clock.timestamp(960, 2_100)).toBe(2_920 + 96_000); // 2 s of silence
    const wrap = new AudioRtpClock(0xffffffff - 100);
    wrap.timestamp(960, 0);
    expect(wrap.timestamp(960, 10)).toBe(859);
  });
});

describe('chooseOpus', () => {
  const offer = (audio: string): string => `v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=recvonly\r\n${audio}`;
  it('takes the Opus payload type and mid of the offer’s receiving audio section', () => {
    expect(chooseOpus(offer('m=audio 9 UDP/TLS/RTP/SAVPF 111 0\r\na=mid:1\r\na=recvonly\r\na=rtpmap:111 opus/48000/2\r\na=rtpmap:0 PCMU/8000\r\n'))).toEqual({ mid: '1', payloadType: 111, receive: false });
    // a page that may talk through the camera (issue 22) offers sendrecv: the answer then receives its microphone
    expect(chooseOpus(offer('m=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:1\r\na=sendrecv\r\na=rtpmap:111 opus/48000/2\r\n'))).toEqual({ mid: '1', payloadType: 111, receive: true });
    expect(chooseOpus(offer(''))).toBeNull();
    expect(chooseOpus(offer('m=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=mid:1\r\na=recvonly\r\na=rtpmap:0 PCMU/8000\r\n'))).toBeNull();
    expect(chooseOpus(offer('m=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:1\r\na=inactive\r\na=rtpmap:111 opus/48000/2\r\n'))).toBeNull();
  });
});
