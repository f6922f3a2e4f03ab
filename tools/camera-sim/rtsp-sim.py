#!/usr/bin/python3
"""Simulated RTSP IP camera on Debian's GStreamer RTSP server (one camera per process).

Run with Debian's python (/usr/bin/python3 has `gi`; a pyenv python usually does not):

  /usr/bin/python3 tools/camera-sim/rtsp-sim.py --port 8554 --name cam1
  ffprobe -rtsp_transport tcp rtsp://127.0.0.1:8554/main

Paths:
  /main  H.264 baseline (x264 ultrafast, zerolatency, keyframe every 2 s) + AAC, default 1280x720 @ 25 fps
  /sub   the same at a smaller size, default 640x360

The picture is a moving ball with the camera name and a running wall clock; the audio is a 440 Hz tone.
Each path is a *shared* media: all RTSP clients of one path share one encoder, like a real camera; a new client's
PLAY does not seek it (the media is not seekable), so clients already playing never see their timestamps rewind.

Options:
  --port N           TCP port for RTSP (0 = pick a free one; the chosen port is printed in the ready line)
  --bind ADDR        address to listen on (default 127.0.0.1)
  --name NAME        label drawn into the picture (default cam)
  --main-size WxH / --sub-size WxH / --fps N / --sub-fps N / --bitrate KBIT / --sub-bitrate KBIT
  --no-audio         video only
  --pattern NAME     videotestsrc pattern of the moving picture (default ball; e.g. snow for a busy, high-bitrate picture)
  --motion           start *still* (static colour bars + clock); SIGUSR1 toggles the moving ball on and off, so a
                     motion-detection test can switch motion at run time. Without --motion the ball always moves.
  --flash            a black picture (plus the clock); SIGUSR2 switches it between black and white, for glass-to-glass
                     latency: the script prints when the first switched frame left the source (see "flash" below)
  --user U --password P   require RTSP basic authentication
  --main-file CLIP / --sub-file CLIP
                     serve this pre-encoded clip (Matroska/MP4 with H.264 and optionally AAC) on /main (/sub),
                     looped, instead of encoding live: no x264, so many cameras cost little CPU. The clip's
                     frames are pushed in real time with continuous timestamps (a live source, like a camera);
                     size, fps, bitrate and pattern then come from the clip. Not with --motion.

Output: one JSON object per line on stdout, e.g.
  {"event": "ready", "port": 8554}
  {"event": "play", "path": "/main", "client": 3}      a client started playing (PLAY request)
  {"event": "closed", "client": 3}                        a client connection closed
  {"event": "motion", "on": true}
  {"event": "flash", "path": "/main", "white": true, "at": 1764000000123.4, "encodedAt": 1764000000131.9}
                     after SIGUSR2 (--flash), once per playing path: `at` = wall clock (ms since the epoch, time.time())
                     when the first raw frame with the new picture left videotestsrc (a live source pushes a frame at
                     its capture time), `encodedAt` = when x264 put out that frame (the encoder's own latency)
The process exits on SIGTERM/SIGINT, and when its parent process dies (Linux PR_SET_PDEATHSIG).
"""
import argparse
import ctypes
import json
import signal
import sys
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

PR_SET_PDEATHSIG = 1
MOVING_PATTERN = "ball"
STILL_PATTERN = "smpte"
FLASH_PATTERNS = {False: "black", True: "white"}


def emit(event, **fields):
    fields["event"] = event
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


def die_with_parent():
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except OSError:
        pass  # not Linux/glibc: the caller must stop us itself


def size(text):
    w, h = text.lower().split("x")
    return int(w), int(h)


def parse_args():
    p = argparse.ArgumentParser(description="Simulated RTSP camera (GStreamer)")
    p.add_argument("--port", type=int, default=8554)
    p.add_argument("--bind", default="127.0.0.1")
    p.add_argument("--name", default="cam")
    p.add_argument("--main-size", type=size, default=(1280, 720))
    p.add_argument("--sub-size", type=size, default=(640, 360))
    p.add_argument("--fps", type=int, default=25)
    p.add_argument("--sub-fps", type=int, default=0, help="default: same as --fps")
    p.add_argument("--bitrate", type=int, default=2000, help="main stream kbit/s")
    p.add_argument("--sub-bitrate", type=int, default=500)
    p.add_argument("--no-audio", action="store_true")
    p.add_argument("--pattern", default=MOVING_PATTERN)
    p.add_argument("--motion", action="store_true", help="start still; SIGUSR1 toggles motion")
    p.add_argument("--flash", action="store_true", help="black picture; SIGUSR2 toggles black/white")
    p.add_argument("--user")
    p.add_argument("--password")
    p.add_argument("--main-file", help="loop this pre-encoded clip on /main instead of encoding live")
    p.add_argument("--sub-file", help="loop this pre-encoded clip on /sub instead of encoding live")
    args = p.parse_args()
    if args.motion and (args.main_file or args.sub_file):
        p.error("--motion needs live encoding (not --main-file/--sub-file)")
    if args.flash and (args.main_file or args.sub_file or args.motion):
        p.error("--flash needs live encoding and no --motion")
    return args


def clip_launch_line(has_audio):
    video = "appsrc name=vclip is-live=true format=time do-timestamp=false ! rtph264pay name=pay0 pt=96 config-interval=1"
    if not has_audio:
        return f"( {video} )"
    audio = "appsrc name=aclip is-live=true format=time do-timestamp=false ! rtpmp4gpay name=pay1 pt=97"
    return f"( {video} {audio} )"


class Clip:
    """A clip loaded into memory once: parsed H.264 access units and AAC frames with their timestamps."""

    def __init__(self, path, want_audio):
        self.video = self.audio = None  # (caps, [(buffer, pts, duration)])
        pipeline = Gst.parse_launch(f"filesrc location=\"{path}\" ! parsebin name=p")
        sinks = {}

        def on_pad(_parsebin, pad):
            caps = pad.get_current_caps() or pad.query_caps(None)
            kind = caps.get_structure(0).get_name()
            if kind == "video/x-h264" and "video" not in sinks:
                key = "video"
            elif kind == "audio/mpeg" and want_audio and "audio" not in sinks:
                key = "audio"
            else:
                key = None
            sink = Gst.ElementFactory.make("appsink" if key else "fakesink", None)
            sink.set_property("sync", False)
            sink.set_property("async", False)  # no preroll: one demuxer thread feeds every sink
            if key:
                sink.set_property("emit-signals", False)
                sink.set_property("wait-on-eos", False)  # else EOS waits until every sample was pulled
                sinks[key] = sink
            pipeline.add(sink)
            sink.sync_state_with_parent()
            pad.link(sink.get_static_pad("sink"))

        pipeline.get_by_name("p").connect("pad-added", on_pad)
        pipeline.set_state(Gst.State.PLAYING)
        bus = pipeline.get_bus()
        msg = None
        deadline = time.monotonic() + 30
        # Poll without blocking: a blocking pop keeps the GIL from the pad-added callback (deadlock).
        while msg is None and time.monotonic() < deadline:
            msg = bus.pop_filtered(Gst.MessageType.EOS | Gst.MessageType.ERROR)
            if msg is None:
                time.sleep(0.02)
        try:
            if msg is None or msg.type == Gst.MessageType.ERROR:
                detail = msg.parse_error()[0].message if msg is not None else "time-out"
                raise RuntimeError(f"cannot read clip {path}: {detail}")
            for key, sink in sinks.items():
                caps, frames = None, []
                while True:
                    sample = sink.emit("try-pull-sample", 0)
                    if sample is None:
                        break
                    caps = caps or sample.get_caps()
                    buf = sample.get_buffer()
                    frames.append((buf, buf.pts, buf.duration))
                setattr(self, key, (caps, frames) if frames else None)
        finally:
            pipeline.set_state(Gst.State.NULL)
        if self.video is None:
            raise RuntimeError(f"clip {path} has no H.264 video")
        frames = self.video[1]
        step = frames[1][1] - frames[0][1] if len(frames) > 1 else Gst.SECOND // 25
        # One loop = the video's length; audio is cut to it, both start at 0.
        self.period = frames[-1][1] - frames[0][1] + step
        self.video = (self.video[0], self.rebase(frames, step))
        if self.audio is not None:
            afr = self.audio[1]
            astep = afr[1][1] - afr[0][1] if len(afr) > 1 else Gst.SECOND // 50
            self.audio = (self.audio[0], [f for f in self.rebase(afr, astep) if f[1] + f[2] <= self.period])

    @staticmethod
    def rebase(frames, step):
        first = frames[0][1]
        return [(b, p - first, d if d != Gst.CLOCK_TIME_NONE else step) for b, p, d in frames]


class ClipFeeder:
    """Pushes a clip's frames into the appsrc elements of one prepared media, in real time, looping forever."""

    # Python wakes up every TICK_MS and pushes what is due within half a tick: 20 wakeups/s cost ~1.3 % of a core
    # per 720p camera (at 10 ms: ~3 %); the timestamps are exact, only the sending jitters by ±25 ms.
    TICK_MS = 50

    def __init__(self, clip, media):
        self.clip = clip
        bin_ = media.get_element()
        self.tracks = []
        for name, track in (("vclip", clip.video), ("aclip", clip.audio)):
            src = bin_.get_by_name(name)
            if src is None or track is None:
                continue
            src.set_property("caps", track[0])
            self.tracks.append({"src": src, "frames": track[1], "i": 0, "loop": 0})
        self.origin = None  # running time of the clip's start
        self.timer = GLib.timeout_add(self.TICK_MS, self.tick)
        media.connect("unprepared", lambda _m: self.stop())

    def stop(self):
        if self.timer:
            GLib.source_remove(self.timer)
            self.timer = 0

    def tick(self):
        src = self.tracks[0]["src"] if self.tracks else None
        clock = src.get_clock() if src is not None else None
        if clock is None:
            return GLib.SOURCE_CONTINUE  # not playing yet
        now = clock.get_time() - src.get_base_time()
        if self.origin is None:
            self.origin = now
        for t in self.tracks:
            frames = t["frames"]
            while True:
                buf, pts, dur = frames[t["i"]]
                due = self.origin + t["loop"] * self.clip.period + pts
                if due > now + self.TICK_MS * Gst.MSECOND // 2:
                    break
                out = buf.copy()  # shares the memory, own timestamps
                out.pts = out.dts = due
                out.duration = dur
                if t["src"].emit("push-buffer", out) != Gst.FlowReturn.OK:
                    self.timer = 0
                    return GLib.SOURCE_REMOVE  # flushing: the media is going away
                t["i"] += 1
                if t["i"] == len(frames):
                    t["i"] = 0
                    t["loop"] += 1
        return GLib.SOURCE_CONTINUE


class Flash:
    """--flash: switches every live picture between black and white and times the switch where it happens.

    A pad probe on videotestsrc's src pad sees each raw frame as the live source pushes it (at its capture time on
    the pipeline clock); the first one whose centre pixel has the new brightness is the switched frame, whatever
    frame the signal arrived during. A probe on x264's src pad then sees that frame (same pts) leave the encoder.
    """

    def __init__(self):
        self.white = False
        self.states = []

    def attach(self, media, path, src):
        state = {"path": path, "src": src, "pending": None, "pts": None, "at": None}
        self.states.append(state)
        src.set_property("pattern", FLASH_PATTERNS[self.white])
        src.get_static_pad("src").add_probe(Gst.PadProbeType.BUFFER, self.on_raw, state)
        enc = media.get_element().get_by_name("enc")
        if enc is not None:
            enc.get_static_pad("src").add_probe(Gst.PadProbeType.BUFFER, self.on_encoded, state)
        media.connect("unprepared", lambda _m: self.states.remove(state) if state in self.states else None)

    def toggle(self):
        self.white = not self.white
        for state in self.states:
            state["pending"] = self.white  # before the switch: the probe must not miss the first new frame
            state["src"].set_property("pattern", FLASH_PATTERNS[self.white])
        if not self.states:
            emit("flash", path=None, white=self.white, at=None, encodedAt=None)  # nothing plays: nothing to time
        return GLib.SOURCE_CONTINUE

    @staticmethod
    def on_raw(pad, info, state):
        if state["pending"] is None:
            return Gst.PadProbeReturn.OK
        caps = pad.get_current_caps()
        buf = info.get_buffer()
        if caps is None or buf is None:
            return Gst.PadProbeReturn.OK
        s = caps.get_structure(0)
        width, height = s.get_value("width"), s.get_value("height")
        stride = (width + 3) // 4 * 4  # I420 luma rows are 4-byte aligned
        luma = buf.extract_dup((height // 2) * stride + width // 2, 1)[0]
        if (luma > 128) == state["pending"]:
            state["at"] = time.time() * 1000
            state["pts"] = buf.pts
            state["white"] = state["pending"]
            state["pending"] = None
        return Gst.PadProbeReturn.OK

    @staticmethod
    def on_encoded(_pad, info, state):
        buf = info.get_buffer()
        if state["pts"] is None or buf is None or buf.pts == Gst.CLOCK_TIME_NONE or buf.pts < state["pts"]:
            return Gst.PadProbeReturn.OK
        encoded_at = time.time() * 1000
        fields = {"path": state["path"], "white": state["white"], "at": state["at"], "encodedAt": encoded_at}
        state["pts"] = None
        GLib.idle_add(lambda: emit("flash", **fields) or GLib.SOURCE_REMOVE)  # print from the main loop
        return Gst.PadProbeReturn.OK


def launch_line(args, width, height, fps, bitrate):
    label = "".join(c for c in args.name if c.isalnum() or c in " _-")[:32] or "cam"
    font = max(10, height // 40)
    pattern = FLASH_PATTERNS[False] if args.flash else STILL_PATTERN if args.motion else args.pattern
    video = (
        f"videotestsrc name=src is-live=true pattern={pattern} "
        f"! video/x-raw,width={width},height={height},framerate={fps}/1,format=I420 "
        f"! clockoverlay text=\"{label}\" time-format=\"%Y-%m-%d %H:%M:%S\" halignment=left valignment=top "
        f"shaded-background=true font-desc=\"Sans {font}\" "
        f"! x264enc name=enc tune=zerolatency speed-preset=ultrafast key-int-max={fps * 2} bitrate={bitrate} threads=1 "
        "! video/x-h264,profile=baseline "
        "! rtph264pay name=pay0 pt=96 config-interval=1"
    )
    if args.no_audio:
        return f"( {video} )"
    audio = (
        "audiotestsrc is-live=true wave=sine freq=440 volume=0.2 "
        "! audio/x-raw,rate=48000,channels=1 ! audioconvert ! voaacenc bitrate=64000 "
        "! rtpmp4gpay name=pay1 pt=97"
    )
    return f"( {video} {audio} )"


class Camera:
    def __init__(self, args):
        self.args = args
        self.motion = not args.motion
        self.sources = []  # videotestsrc elements of the currently prepared media
        self.flash = Flash() if args.flash else None
        self.next_client = 0
        self.server = GstRtspServer.RTSPServer()
        self.server.set_address(args.bind)
        self.server.set_service(str(args.port))
        mounts = self.server.get_mount_points()
        sub_fps = args.sub_fps or args.fps
        for path, (w, h), fps, rate, clip_path in (
            ("/main", args.main_size, args.fps, args.bitrate, args.main_file),
            ("/sub", args.sub_size, sub_fps, args.sub_bitrate, args.sub_file),
        ):
            factory = GstRtspServer.RTSPMediaFactory()
            if clip_path:
                clip = Clip(clip_path, not args.no_audio)
                factory.set_launch(clip_launch_line(clip.audio is not None))
                factory.connect("media-configure", lambda _f, media, c=clip: ClipFeeder(c, media))
            else:
                factory.set_launch(launch_line(args, w, h, fps, rate))
                factory.connect("media-configure", self.on_media_configure, path)
            factory.set_shared(True)
            # A client's PLAY "Range: npt=0-" (ffmpeg sends it) would make GStreamer seek the *shared* pipeline back
            # to 0, so every client already playing sees its RTP timestamps rewind and a sequence gap, which a real
            # camera's live stream never does. Publishing the clock and offset makes GStreamer treat the media as
            # not seekable (rtsp-media.c check_seekable), so a second client's PLAY leaves the others alone.
            factory.set_publish_clock_mode(GstRtspServer.RTSPPublishClockMode.CLOCK_AND_OFFSET)
            if args.user:
                self.restrict(factory)
            mounts.add_factory(path, factory)
        if args.user:
            auth = GstRtspServer.RTSPAuth()
            token = GstRtspServer.RTSPToken()
            token.set_string(GstRtspServer.RTSP_TOKEN_MEDIA_FACTORY_ROLE, "user")
            basic = GstRtspServer.RTSPAuth.make_basic(args.user, args.password or "")
            auth.add_basic(basic, token)
            self.server.set_auth(auth)
        self.server.connect("client-connected", self.on_client)

    @staticmethod
    def restrict(factory):
        perms = GstRtspServer.RTSPPermissions()
        perms.add_role_from_structure(Gst.Structure.new_from_string(
            "user, media.factory.access=(boolean)true, media.factory.construct=(boolean)true"))
        factory.set_permissions(perms)

    def on_media_configure(self, _factory, media, path):
        src = media.get_element().get_by_name("src")
        if src is None:
            return
        if self.flash is not None:
            self.flash.attach(media, path, src)
            return
        src.set_property("pattern", self.args.pattern if self.motion else STILL_PATTERN)
        self.sources.append(src)
        media.connect("unprepared", lambda _m: self.sources.remove(src) if src in self.sources else None)

    def on_client(self, _server, client):
        self.next_client += 1
        cid = self.next_client

        def on_play(_client, ctx):
            emit("play", path=ctx.uri.abspath if ctx.uri else None, client=cid)

        client.connect("play-request", on_play)
        client.connect("closed", lambda _c: emit("closed", client=cid))

    def toggle_motion(self):
        self.motion = not self.motion
        for src in self.sources:
            src.set_property("pattern", self.args.pattern if self.motion else STILL_PATTERN)
        emit("motion", on=self.motion)
        return GLib.SOURCE_CONTINUE


def main():
    die_with_parent()
    args = parse_args()
    Gst.init(None)
    camera = Camera(args)
    loop = GLib.MainLoop()
    if camera.server.attach(None) == 0:
        emit("error", message=f"cannot listen on {args.bind}:{args.port}")
        sys.exit(2)
    for sig in (signal.SIGTERM, signal.SIGINT):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, sig, lambda: loop.quit() or GLib.SOURCE_REMOVE)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, camera.toggle_motion)
    if camera.flash is not None:
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR2, camera.flash.toggle)
    emit("ready", port=camera.server.get_bound_port(), bind=args.bind)
    loop.run()


if __name__ == "__main__":
    main()
