import { describe, expect, it } from 'vitest';
import { cameraMediaIssues, cameraWriteSchema } from './camera-media.js';
import { parseEncoderOptions, parseStreamMap, parseVideoCodec, parseVideoFilter, videoFilterText } from './camera-output.js';
import { parseCameraSource } from './camera-source.js';
import { MEDIA_REFUSAL } from './media-setting.js';

const refused = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('not refused');
};

const optionsOf = (text: string): unknown => {
  const source = parseCameraSource(text);
  return source.kind === 'url' ? source.options : null;
};

describe('camera source grammar', () => {
  it('types a URL and the original input arguments, with every option of the closed list', () => {
    expect(parseCameraSource('rtsps://u:p@cam:322/x')).toEqual({ kind: 'url', scheme: 'rtsps', url: 'rtsps://u:p@cam:322/x', options: {} });
    const full =
      '-f rtsp -rtsp_transport udp_multicast -rtsp_flags prefer_tcp -allowed_media_types video+audio -stimeout 5000000 ' +
      '-rw_timeout 1000 -probesize 32 -analyzeduration 0 -reorder_queue_size 10 -max_delay 500000 -buffer_size 65536 ' +
      '-fflags +nobuffer+genpts -use_wallclock_as_timestamps 1 -thread_queue_size 512 -re -i rtsp://cam/live';
    expect(parseCameraSource(full)).toEqual({
      kind: 'url', scheme: 'rtsp', url: 'rtsp://cam/live',
      options: {
        format: 'rtsp', rtspTransport: 'udp_multicast', rtspFlags: ['prefer_tcp'], allowedMediaTypes: ['video', 'audio'],
        timeoutUs: 5_000_000, rwTimeoutUs: 1000, probeSize: 32, analyzeDurationUs: 0, reorderQueueSize: 10, maxDelayUs: 500_000,
        bufferSize: 65_536, fflags: ['nobuffer', 'genpts'], useWallclockAsTimestamps: true, threadQueueSize: 512, readRate: 1,
      },
    });
    expect(optionsOf('-f mjpeg -reconnect 1 -reconnect_delay_max 5 -readrate 1.5 -i http://cam/video.cgi')).toEqual({
      format: 'mjpeg', reconnect: true, reconnectDelayMaxS: 5, readRate: 1.5,
    });
    expect(optionsOf('-f hls -i https://cam/live.m3u8')).toEqual({ format: 'hls' });
    expect(optionsOf('-f flv -i rtmp://cam/live')).toEqual({ format: 'flv' });
    expect(parseCameraSource('DEMO:Yard?fps=5')).toMatchObject({ kind: 'demo', label: 'Yard', fps: 5 });
  });

  it('refuses values out of bounds or outside their set, naming the option', () => {
    expect(refused(() => parseCameraSource('-probesize 31 -i rtsp://c/x'))).toMatch(/-probesize "31" is not valid: expected a whole number from 32/);
    expect(refused(() => parseCameraSource('-timeout 999999999999 -i rtsp://c/x'))).toMatch(/-timeout/);
    expect(refused(() => parseCameraSource('-rtsp_transport sctp -i rtsp://c/x'))).toMatch(/-rtsp_transport "sctp"/);
    expect(refused(() => parseCameraSource('-rtsp_flags listen -i rtsp://c/x'))).toMatch(/-rtsp_flags "listen"/);
    expect(refused(() => parseCameraSource('-fflags +genpts+bitexact -i rtsp://c/x'))).toMatch(/-fflags/);
    expect(refused(() => parseCameraSource('-readrate 100 -i rtsp://c/x'))).toMatch(/-readrate/);
    expect(refused(() => parseCameraSource('-probesize -i rtsp://c/x'))).toMatch(/-probesize "-i"|needs a value/);
    expect(refused(() => parseCameraSource('-re -re -i rtsp://c/x'))).toMatch(/-re is given twice/);
    // an option only where it means what it says: -timeout on rtmp would be "listen"
    expect(refused(() => parseCameraSource('-timeout 5 -i rtmp://c/x'))).toMatch(/-timeout does not apply to rtmp/);
    expect(refused(() => parseCameraSource('-rtsp_transport tcp -i http://c/x'))).toMatch(/does not apply to http/);
  });

  it('refuses every class of hostile input with a message naming it', () => {
    const cases: [string, RegExp][] = [
      ['-f tty -i /etc/shadow', /-f "tty"|input must be a URL/],
      ['-f rtsp -i /etc/shadow', /input must be a URL .*found "\/etc\/shadow"/],
      ['subfile,,start,986,end,0,,:/data/config.json', /SOURCE_INVALID|URL/],
      ['-i subfile,,start,0,end,0,,:/data/config.json', /input must be a URL/],
      ['-i file:/etc/passwd', /input must be a URL/],
      ['-i file:///etc/passwd', /scheme "file" is not allowed/],
      ['-i pipe:0', /input must be a URL/],
      ['-i data:text/plain;base64,AAAA', /input must be a URL/],
      ['-i concat:/etc/passwd|/etc/group', /input must be a URL/],
      ['-f lavfi -i movie=/etc/passwd', /-f "lavfi"|input must be a URL/],
      ['-f lavfi -i rtsp://c/x', /-f "lavfi" is not valid/],
      ['-f image2 -i http://c/x', /-f "image2" is not valid/],
      ['-vstats_file /tmp/x -i rtsp://c/x', /option -vstats_file is not allowed/],
      ['-f null /dev/null -f data -i data:;base64,AA==', /found "data:;base64/],
      ['-i http://127.0.0.1:9/ -f mp4 /tmp/out', /nothing may follow the input, found "-f"/],
      ['-i rtsp://c/x -y /tmp/out', /nothing may follow the input/],
      ['-filter_complex nullsrc -i rtsp://c/x', /option -filter_complex is not allowed/],
      ['-protocol_whitelist file,http -i http://c/x', /option -protocol_whitelist is not allowed/],
      ['-i rtsp://c/x; rm -rf /', /nothing may follow the input, found "rm"/],
      ['-headers "X: y" -i http://c/x', /option -headers is not allowed/],
      ['gopher://admin:hunter22@cam/x', /scheme "gopher" is not allowed/],
      ['srt://cam:9000', /scheme "srt" is not allowed/],
      ['rtsp://', /input must be a URL/],
      ['rtsp://user:pw@/path', /no valid host/],
      ['-i "rtsp://c/x', /unterminated quote/],
      ['-i rtsp://c/\u0001x', /control characters/],
    ];
    for (const [source, message] of cases) {
      const issues = cameraMediaIssues({ videoConfig: { source } as never });
      expect(issues, source).toHaveLength(1);
      expect(issues[0]?.message, source).toMatch(message);
      expect(issues[0]?.message === 'SOURCE_INVALID' || MEDIA_REFUSAL.test(issues[0]?.message ?? ''), source).toBe(true);
    }
    expect(refused(() => parseCameraSource('-i gopher://admin:hunter22@cam/x'))).not.toContain('hunter22');
    expect(refused(() => parseCameraSource('-f tty -i rtsp://admin:hunter22@cam/x'))).not.toContain('hunter22');
  });
});

describe('camera output grammar', () => {
  it('accepts the closed sets and keeps existing camera.ui values working', () => {
    expect(parseVideoCodec('libx264')).toBe('libx264');
    expect(parseVideoCodec('h264_vaapi')).toBe('h264_vaapi');
    expect(parseEncoderOptions('-preset ultrafast -tune zerolatency')).toEqual([['-preset', 'ultrafast'], ['-tune', 'zerolatency']]);
    expect(parseEncoderOptions(`-crf 23 -profile:v high -level 4.1 -b:v 2000k -g 50 -bf 0 -pix_fmt yuv420p`)).toHaveLength(7);
    expect(parseStreamMap('0:v:0')).toBe('0:v:0');
    expect(parseStreamMap('0:a:0?')).toBe('0:a:0?');
    const filters = parseVideoFilter('scale=1280:-2,fps=10,transpose=clock,hflip,vflip,crop=640:480:10:20,format=yuv420p');
    expect(videoFilterText(filters)).toBe('scale=1280:-2,fps=10,transpose=1,hflip,vflip,crop=640:480:10:20,format=yuv420p');
  });

  it('refuses everything else, naming it', () => {
    expect(refused(() => parseVideoCodec('libx264 -y'))).toMatch(/^video codec: "libx264 -y" is not allowed/);
    expect(refused(() => parseVideoCodec('rawvideo'))).toMatch(/video codec/);
    expect(refused(() => parseEncoderOptions('-y -f image2 /srv/homecam/scripts/start.mjs'))).toMatch(/^encoder options: option -y is not allowed/);
    expect(refused(() => parseEncoderOptions('-preset ultrafast -f image2 /tmp/x'))).toMatch(/option -f is not allowed/);
    expect(refused(() => parseEncoderOptions('-preset fast -vstats_file /tmp/x'))).toMatch(/option -vstats_file is not allowed/);
    expect(refused(() => parseEncoderOptions('-crf 99'))).toMatch(/-crf "99" is not valid: expected 0..51/);
    expect(refused(() => parseEncoderOptions('-crf'))).toMatch(/-crf "" is not valid/);
    expect(refused(() => parseEncoderOptions('-preset fast -preset slow'))).toMatch(/given twice/);
    for (const filter of ['movie=/etc/passwd', "scale=w='min(1,iw)'", 'hflip,movie=http://127.0.0.1/', 'amovie=x', 'drawtext=textfile=/etc/shadow', 'crop=iw/2:ih', 'scale=1:2:3', 'fps=0', 'hflip=1', 'lavfi']) {
      expect(refused(() => parseVideoFilter(filter)), filter).toMatch(/^video filter: /);
    }
    for (const map of ['0:v; rm', '2:0', '0:v:0 -f data /tmp/x', '[out]']) {
      expect(refused(() => parseStreamMap(map)), map).toMatch(/^stream map: /);
    }
  });

  it('the write schema reports each refused field at its path; the read schema accepts it', () => {
    const camera = {
      name: 'X',
      videoConfig: { source: 'rtsp://c/x', subSource: '-vstats_file /tmp/x -i rtsp://c/y', vcodec: 'x', encoderOptions: '-y', videoFilter: 'movie=x', mapvideo: '0:v;', mapaudio: '9' },
    };
    const result = cameraWriteSchema.safeParse(camera);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'videoConfig.subSource', 'videoConfig.vcodec', 'videoConfig.encoderOptions', 'videoConfig.videoFilter', 'videoConfig.mapvideo', 'videoConfig.mapaudio',
    ]);
    expect(cameraWriteSchema.safeParse({ name: 'Y', videoConfig: { source: '-rtsp_transport tcp -i rtsp://c/x', encoderOptions: '-preset ultrafast -tune zerolatency', vcodec: 'libx264' } }).success).toBe(true);
  });
});
