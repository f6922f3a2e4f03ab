import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { G711RtpPacketizer } from './g711-rtp.js';
import { BackchannelSession, probeBackchannel, rtspTarget } from './rtsp-backchannel.js';

/** 8 kHz mu-law of a 440 Hz tone at about a quarter of full scale (G.711 encoding per ITU-T G.711). */
function muLawTone(samples: number): Buffer {
  const out = Buffer.alloc(samples);
  for (let i = 0; i < samples; i += 1) {
    const linear = Math.round(8_000 * Math.sin((2 * Math.PI * 440 * i) / 8_000));
    const sign = linear < 0 ? 0x80 : 0;
    const magnitude = Math.min(Math.abs(linear), 32_635) + 0x84;
    let exponent = 7;
    for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
    const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
    out[i] = ~(sign | (exponent << 4) | mantissa) & 0xff;
  }
  return out;
}

describe('RTSP audio backchannel client (ONVIF Profile T) against the GStreamer camera', () => {
  let talking: CameraSimulator;
  let plain: CameraSimulator;

  beforeAll(async () => {
    const small = { audio: false, mainSize: '320x240', subSize: '160x120', fps: 5 } as const;
    [talking, plain] = await Promise.all([
      startCameraSimulator({ ...small, backchannel: true, credentials: { user: 'admin', password: 'p@ss:word' } }),
      startCameraSimulator(small),
    ]);
  });
  afterAll(async () => {
    await Promise.all([talking?.close(), plain?.close()]);
  });

  it('finds the backchannel of a camera that has one (behind auth) and none on a camera without', async () => {
    const format = await probeBackchannel(talking.cameras[0]!.mainUrl);
    expect(format).toMatchObject({ encoding: 'PCMU', payloadType: 0, clockRate: 8000 });
    expect(format?.controlUrl).toMatch(/^rtsp:\/\/127\.0\.0\.1:\d+\/main\/stream=\d$/);
    expect(format?.controlUrl).not.toContain('admin');
    expect(await probeBackchannel(plain.cameras[0]!.mainUrl)).toBeNull();
    await expect(probeBackchannel(talking.cameras[0]!.mainUrl.replace('p%40ss', 'wrong'))).rejects.toThrow(/user name or password/);
  });

  it('sends G.711 RTP the camera hears, and tears the session down on close', async () => {
    const camera = talking.cameras[0]!;
    const session = await BackchannelSession.open(camera.mainUrl);
    await waitFor(() => camera.talk.open === 1, { message: 'backchannel session set up on the camera' });
    const packetizer = new G711RtpPacketizer(session.format.payloadType);
    const before = camera.talk.bytes;
    // paced like the live transcoder's output: one 20 ms packet every 20 ms, for 1.5 s (GStreamer may drop the
    // first few while the simulator's pipeline starts)
    for (const packet of packetizer.packets(muLawTone(12_000))) {
      expect(session.send(packet)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(session.packetsSent).toBe(75);
    await waitFor(() => camera.talk.bytes - before >= 8_000, { timeoutMs: 10_000, message: 'at least one second of audio at the camera' });
    expect(camera.talk.peakRms).toBeGreaterThan(2_000); // the tone, not silence
    await session.close();
    expect(session.open).toBe(false);
    await waitFor(() => camera.talk.open === 0, { message: 'the camera tore the backchannel down' });
  });

  it('every backchannel-only session reaches the speaker, one after another', async () => {
    // The simulator's own streams are not set up by a backchannel-only client; they once ended its media (speaker
    // included) in about one session of five, which made the talk tests fail now and then with nothing heard.
    const camera = talking.cameras[0]!;
    const tone = muLawTone(4_000);
    for (let round = 0; round < 12; round += 1) {
      const session = await BackchannelSession.open(camera.mainUrl);
      const packetizer = new G711RtpPacketizer(session.format.payloadType);
      const before = camera.talk.bytes;
      for (const packet of packetizer.packets(tone)) {
        session.send(packet);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await waitFor(() => camera.talk.bytes - before >= 1_600, { timeoutMs: 5_000, message: `audio at the camera in session ${round + 1}` });
      await session.close();
    }
  });

  it('refuses to open a camera without a backchannel with a coded RTSP error', async () => {
    await expect(BackchannelSession.open(plain.cameras[0]!.mainUrl)).rejects.toMatchObject({ status: 551 });
  });

  it('takes only rtsp:// URLs and keeps the credentials out of the request URL', () => {
    expect(rtspTarget('rtsp://u%40x:p%3Aw@10.0.0.2/live')).toEqual({ host: '10.0.0.2', port: 554, credentials: { user: 'u@x', password: 'p:w' }, requestUrl: 'rtsp://10.0.0.2/live' });
    expect(() => rtspTarget('rtsps://u:p@10.0.0.2/live')).toThrow(/^talking needs an rtsp:\/\/ camera source$/);
    expect(() => rtspTarget('not a url with secret')).toThrow(/^the camera source is not a URL$/);
  });
});
