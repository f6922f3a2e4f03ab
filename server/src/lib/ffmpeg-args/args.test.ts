import { describe, expect, it } from 'vitest';
import { InvalidSourceError } from './errors.js';
import { buildDemoInputArgs, buildInputArgs, type InputOptions } from './input.js';
import { buildRemuxOutputArgs, buildSnapshotArgs, buildStreamArgs, checkOutputOptions, initialPlan } from './output.js';
import { parseSource, tokenizeArgs } from './source.js';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

describe('parseSource', () => {
  it('takes a plain URL', () => {
    expect(parseSource(' rtsp://admin:pw@10.0.0.2:554/stream1 ')).toEqual({
      kind: 'url', scheme: 'rtsp', url: 'rtsp://admin:pw@10.0.0.2:554/stream1', options: {},
    });
  });

  it('takes the original product input args as typed options, quoted like a shell would, without running one', () => {
    expect(parseSource(`-rtsp_transport udp -re -i 'rtsp://u:p$(id)@cam/live;x|y&z'`)).toEqual({
      kind: 'url',
      scheme: 'rtsp',
      url: 'rtsp://u:p$(id)@cam/live;x|y&z',
      options: { rtspTransport: 'udp', readRate: 1 },
    });
    expect(tokenizeArgs(`a 'b c' "d \\"e\\"" f\\ g $HOME`)).toEqual(['a', 'b c', 'd "e"', 'f g', '$HOME']);
  });

  it('rejects what is not an input description', () => {
    for (const bad of [
      '',
      'ftp://cam/x',
      'not a url',
      '-i',
      '-rtsp_transport tcp rtsp://cam/x',
      '-i rtsp://a -i rtsp://b',
      '-i rtsp://cam/x -f mp4 /tmp/out.mp4',
      '-y -i rtsp://cam/x',
      '-filter_complex x -i rtsp://cam/x',
      '-i "rtsp://cam/x',
      '-i rtsp://cam/\u0000x',
      'srt://cam:9000',
      '-f v4l2 -i /dev/video0',
    ]) {
      expect(() => parseSource(bad), bad).toThrow(expect.objectContaining({ code: 'INVALID_SOURCE' }) as Error);
    }
  });

  it('never puts credentials into its errors', () => {
    try {
      parseSource('gopher://admin:hunter22@cam/x');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidSourceError);
      expect(error).toMatchObject({ code: 'INVALID_SOURCE' });
      expect(String(error)).not.toContain('hunter22');
    }
  });

  it('parses demo sources with defaults and parameters', () => {
    expect(parseSource('demo:')).toEqual({ kind: 'demo', label: 'Demo', width: 1280, height: 720, fps: 25, audio: true });
    expect(parseSource("demo:Garden%20Cam';x?size=640x360&fps=10&audio=0")).toEqual({
      kind: 'demo', label: 'Garden Camx', width: 640, height: 360, fps: 10, audio: false,
    });
    expect(() => parseSource('demo:?size=641x360')).toThrow(/even/);
    expect(() => parseSource('demo:?fps=100')).toThrow(/fps/);
  });
});

describe('buildInputArgs', () => {
  it('adds RTSP transport, timeout, probe size and analyze duration by default', () => {
    expect(buildInputArgs(parseSource('rtsp://cam/main'))).toEqual([
      '-protocol_whitelist', 'rtsp,rtp,srtp,udp,tcp', '-rtsp_transport', 'tcp', '-timeout', '5000000',
      '-probesize', '5000000', '-analyzeduration', '5000000', '-i', 'rtsp://cam/main',
    ]);
  });

  it('holds a reorder queue only over UDP: over TCP it waited ~10 s for a packet the camera had dropped', () => {
    const queue = (text: string, options: InputOptions = {}): string | undefined => {
      const args = buildInputArgs(parseSource(text), options);
      const at = args.indexOf('-reorder_queue_size');
      return at < 0 ? undefined : args[at + 1];
    };
    expect(queue('rtsp://cam/x')).toBeUndefined();
    expect(queue('rtsp://cam/x', { reorderQueueSize: 100 })).toBeUndefined();
    expect(queue('-rtsp_transport http -i rtsp://cam/x')).toBeUndefined();
    expect(queue('rtsp://cam/x', { rtspTransport: 'udp' })).toBe('500');
    expect(queue('rtsp://cam/x', { rtspTransport: 'udp_multicast', reorderQueueSize: 50 })).toBe('50');
    // the source's own transport counts, and a queue written into the source is always kept
    expect(queue('-rtsp_transport udp -i rtsp://cam/x', { rtspTransport: 'tcp' })).toBe('500');
    expect(queue('-rtsp_transport tcp -i rtsp://cam/x', { rtspTransport: 'udp' })).toBeUndefined();
    expect(queue('-reorder_queue_size 20 -i rtsp://cam/x')).toBe('20');
  });

  it('uses -stimeout before FFmpeg 5 (-timeout meant "listen" there) and honours every option', () => {
    expect(
      buildInputArgs(parseSource('rtsps://cam/main'), {
        rtspTransport: 'udp', timeoutUs: 2_000_000, probeSize: 32_768, analyzeDurationUs: 1_000_000,
        reorderQueueSize: 100, maxDelayUs: 500_000, readRate: 1, ffmpegMajor: 4,
      }),
    ).toEqual([
      '-protocol_whitelist', 'rtsps,rtp,srtp,udp,tcp,tls', '-rtsp_transport', 'udp', '-stimeout', '2000000', '-reorder_queue_size', '100', '-probesize', '32768',
      '-analyzeduration', '1000000', '-max_delay', '500000', '-re', '-i', 'rtsps://cam/main',
    ]);
    expect(buildInputArgs(parseSource('rtsp://cam/main'), { timeoutUs: 0, readRate: 1.5 })).toEqual([
      '-protocol_whitelist', 'rtsp,rtp,srtp,udp,tcp', '-rtsp_transport', 'tcp', '-probesize', '5000000', '-analyzeduration', '5000000',
      '-readrate', '1.5', '-i', 'rtsp://cam/main',
    ]);
  });

  it('keeps the options of an args source and only adds the missing ones', () => {
    expect(buildInputArgs(parseSource('-rtsp_transport udp -probesize 32 -i rtsp://cam/x'))).toEqual([
      '-protocol_whitelist', 'rtsp,rtp,srtp,udp,tcp',
      '-rtsp_transport', 'udp', '-timeout', '5000000', '-reorder_queue_size', '500', '-probesize', '32',
      '-analyzeduration', '5000000', '-i', 'rtsp://cam/x',
    ]);
  });

  it('leaves RTSP-only options away for other inputs', () => {
    expect(buildInputArgs(parseSource('http://cam/video.mjpg'))).toEqual([
      '-protocol_whitelist', 'http,https,tcp,tls',
      '-rw_timeout', '5000000', '-probesize', '5000000', '-analyzeduration', '5000000', '-i', 'http://cam/video.mjpg',
    ]);
  });

  it('always restricts ffmpeg to the protocols of the source scheme, and builds options from the typed value', () => {
    const whitelist = (text: string): string | undefined => {
      const args = buildInputArgs(parseSource(text));
      expect(args[0]).toBe('-protocol_whitelist');
      return args[1];
    };
    expect(whitelist('rtsp://cam/x')).toBe('rtsp,rtp,srtp,udp,tcp');
    expect(whitelist('rtsps://cam/x')).toBe('rtsps,rtp,srtp,udp,tcp,tls');
    expect(whitelist('-rtsp_transport http -i rtsp://cam/x')).toBe('rtsp,rtp,srtp,udp,tcp,http,https,tls');
    expect(whitelist('https://cam/video.mjpg')).toBe('https,http,tcp,tls');
    expect(whitelist('-f hls -i http://cam/live')).toBe('http,https,tcp,hls,crypto,tls');
    expect(whitelist('http://cam/live.m3u8?token=x')).toBe('http,https,tcp,hls,crypto,tls');
    expect(whitelist('rtmp://cam/live')).toBe('rtmp,tcp');
    expect(whitelist('rtmps://cam/live')).toBe('rtmps,tcp,tls');
    // -stimeout given by a camera.ui user becomes the name this ffmpeg knows; flags are re-joined from their set
    expect(buildInputArgs(parseSource('-stimeout 3000000 -fflags nobuffer+genpts -i rtsp://cam/x'), { ffmpegMajor: 6 })).toEqual([
      '-protocol_whitelist', 'rtsp,rtp,srtp,udp,tcp', '-rtsp_transport', 'tcp', '-timeout', '3000000',
      '-probesize', '5000000', '-analyzeduration', '5000000', '-fflags', '+nobuffer+genpts', '-i', 'rtsp://cam/x',
    ]);
    // a demo source reads nothing from outside: two lavfi inputs of our own
    expect(buildInputArgs(parseSource('demo:'))).not.toContain('-protocol_whitelist');
  });

  it('generates the demo picture with a clock when a font is available', () => {
    const demo = parseSource('demo:Yard?size=640x360&fps=10');
    if (demo.kind !== 'demo') throw new Error('not demo');
    expect(buildDemoInputArgs(demo, FONT)).toEqual([
      '-re', '-f', 'lavfi', '-i',
      `testsrc2=size=640x360:rate=10,drawtext=fontfile=${FONT}:text='Yard %{localtime}':x=18:y=18:fontsize=18` +
        ':fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6',
      '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    ]);
    expect(buildDemoInputArgs({ ...demo, audio: false }, null)).toEqual(['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=10']);
  });
});

describe('output builders', () => {
  it('copies H.264 + AAC into fragmented MP4 on stdout', () => {
    expect(buildRemuxOutputArgs({ video: 'copy', audio: 'copy' })).toEqual([
      '-map', '0:v:0', '-map', '0:a:0?', '-c:v', 'copy', '-c:a', 'copy',
      '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '100000',
      '-flush_packets', '1', '-max_interleave_delta', '1000000', 'pipe:1',
    ]);
  });

  it('transcodes to H.264 with a 2 s GOP, converts audio to AAC or drops it', () => {
    expect(buildRemuxOutputArgs({ video: 'h264', audio: 'aac' }, { fragmentDurationUs: 100_000, gopSeconds: 1 }, {}, 1)).toEqual([
      '-map', '0:v:0', '-map', '1:a:0?',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-crf', '26',
      '-pix_fmt', 'yuv420p', '-maxrate', '4000k', '-bufsize', '8000k', '-force_key_frames', 'expr:gte(t,n_forced*1)',
      '-c:a', 'aac', '-b:a', '64k',
      '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '100000',
      '-flush_packets', '1', '-max_interleave_delta', '1000000', 'pipe:1',
    ]);
    expect(buildRemuxOutputArgs({ video: 'copy', audio: 'none' })).toContain('-an');
    expect(buildRemuxOutputArgs({ video: 'copy', audio: 'none' })).not.toContain('0:a:0?');
  });

  it('applies the camera output settings: maps, encoder, filters, limits', () => {
    const output = {
      mapVideo: '0:1', mapAudio: '0:2?',
      transcode: { encoder: 'h264_vaapi', encoderOptions: `-qp 24 -bf 0`, videoFilter: 'hflip', maxWidth: 1280, maxHeight: 720, maxFps: 15, maxBitrateKbps: 2_000 },
    };
    expect(buildRemuxOutputArgs({ video: 'h264', audio: 'copy' }, {}, output).slice(0, 16)).toEqual([
      '-map', '0:1', '-map', '0:2?', '-c:v', 'h264_vaapi', '-pix_fmt', 'yuv420p', '-maxrate', '2000k', '-bufsize', '4000k',
      '-force_key_frames', 'expr:gte(t,n_forced*2)', '-vf',
      "hflip,scale=w='min(1280,iw)':h='min(720,ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2,fps=15",
    ]);
    expect(buildRemuxOutputArgs({ video: 'h264', audio: 'copy' }, {}, output)).toContain('-bf');
    // copy ignores the transcode settings
    expect(buildRemuxOutputArgs({ video: 'copy', audio: 'copy' }, {}, output)).not.toContain('-vf');
    expect(initialPlan(parseSource('rtsp://cam/x'), { audio: false })).toEqual({ video: 'copy', audio: 'none' });
    expect(() => checkOutputOptions({ mapVideo: '0:v; rm' })).toThrow(/map/);
    expect(() => checkOutputOptions({ transcode: { encoder: 'x -y' } })).toThrow(/video codec/);
    expect(() => checkOutputOptions({ transcode: { encoderOptions: '-qp "24' } })).toThrow(/quote/);
  });

  it('builds whole commands: demo sources are encoded, cameras copied', () => {
    const demo = parseSource('demo:?size=320x240&fps=5&audio=0');
    expect(initialPlan(demo)).toEqual({ video: 'h264', audio: 'none' });
    expect(initialPlan(parseSource('rtsp://cam/x'))).toEqual({ video: 'copy', audio: 'copy' });
    const args = buildStreamArgs(parseSource('rtsp://cam/x'), { video: 'copy', audio: 'copy' });
    expect(args.slice(0, 6)).toEqual(['-hide_banner', '-loglevel', 'error', '-nostats', '-nostdin', '-protocol_whitelist']);
    expect(args.at(-1)).toBe('pipe:1');
  });

  it('builds the stdin → JPEG snapshot command', () => {
    expect(buildSnapshotArgs()).toEqual([
      '-hide_banner', '-loglevel', 'error', '-nostats', '-protocol_whitelist', 'pipe', '-f', 'mp4', '-i', 'pipe:0', '-map', '0:v:0', '-frames:v', '1',
      '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '4', 'pipe:1',
    ]);
    expect(buildSnapshotArgs({ width: 321, quality: 2 })).toContain('scale=322:-2');
  });
});
