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
  --backchannel      an ONVIF Profile T camera with a speaker: a DESCRIBE with `Require: www.onvif.org/ver20/backchannel`
                     gets an extra sendonly PCMU 8 kHz audio media on /main and /sub; what arrives there is reported
                     (see "talk" below). Clients without the header see the ordinary streams. With it, each client
                     gets its own pipeline (not shared): a client that sets up only the backchannel leaves the
                     picture unlinked, which would stop a shared pipeline for everyone.
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
  {"event": "talk-open", "session": 1}                   a backchannel session's media was set up (--backchannel)
  {"event": "talk", "session": 1, "bytes": 8000, "rms": 1234.5}
                     audio arrived on the backchannel (every 0.2 s at most): G.711 bytes so far, RMS of the 16-bit
                     samples since the last line
  {"event": "talk-closed", "session": 1, "bytes": 16000}  the backchannel session was torn down
  {"event": "flash", "path": "/main", "white": true, "at": 1764000000123.4, "encodedAt": 1764000000131.9}
                     after SIGUSR2 (--flash), once per playing path: `at` = wall clock (ms since the epoch, time.time())
                     when the first raw frame with the new picture left videotestsrc (a live source pushes a frame at
                     its capture time), `encodedAt` = when x264 put out that frame (the encoder's own latency)
The process exits on SIGTERM/SIGINT, and when its parent process dies (Linux PR_SET_PDEATHSIG).
"""
import argparse
import ctypes
import signal
import sys
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

from sim_backchannel import Speaker, onvif_factory, onvif_server  # noqa: E402
from sim_clip import Clip, ClipFeeder, clip_launch_line  # noqa: E402
from sim_flash import FLASH_PATTERNS, Flash  # noqa: E402
from sim_output import emit  # noqa: E402

PR_SET_PDEATHSIG = 1
MOVING_PATTERN = "ball"
STILL_PATTERN = "smpte"


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
    p.add_argument("--backchannel", action="store_true", help="ONVIF audio backchannel (a speaker) on /main and /sub")
    p.add_argument("--main-file", help="loop this pre-encoded clip on /main instead of encoding live")
    p.add_argument("--sub-file", help="loop this pre-encoded clip on /sub instead of encoding live")
    args = p.parse_args()
    if args.motion and (args.main_file or args.sub_file):
        p.error("--motion needs live encoding (not --main-file/--sub-file)")
    if args.flash and (args.main_file or args.sub_file or args.motion):
        p.error("--flash needs live encoding and no --motion")
    return args


def launch_line(args, width, height, fps, bitrate):
    label = "".join(c for c in args.name if c.isalnum() or c in " _-")[:32] or "cam"
    font = max(10, height // 40)
    pattern = FLASH_PATTERNS[False] if args.flash else STILL_PATTERN if args.motion else args.pattern
    # A backchannel-only client (HomeCam's talk) sets up none of the camera's own streams: their payloaders stay
    # unlinked, and a source that pushes before GStreamer blocks them ends the whole media (not-linked), speaker
    # included, about one session in five. A tee that allows not-linked makes an unused stream harmless.
    unused_ok = "! tee allow-not-linked=true " if args.backchannel else ""
    video = (
        f"videotestsrc name=src is-live=true pattern={pattern} "
        f"! video/x-raw,width={width},height={height},framerate={fps}/1,format=I420 "
        f"! clockoverlay text=\"{label}\" time-format=\"%Y-%m-%d %H:%M:%S\" halignment=left valignment=top "
        f"shaded-background=true font-desc=\"Sans {font}\" "
        f"! x264enc name=enc tune=zerolatency speed-preset=ultrafast key-int-max={fps * 2} bitrate={bitrate} threads=1 "
        "! video/x-h264,profile=baseline "
        f"{unused_ok}! rtph264pay name=pay0 pt=96 config-interval=1"
    )
    if args.no_audio:
        return f"( {video} )"
    audio = (
        "audiotestsrc is-live=true wave=sine freq=440 volume=0.2 "
        "! audio/x-raw,rate=48000,channels=1 ! audioconvert ! voaacenc bitrate=64000 "
        f"{unused_ok}! rtpmp4gpay name=pay1 pt=97"
    )
    return f"( {video} {audio} )"


class Camera:
    def __init__(self, args):
        self.args = args
        self.motion = not args.motion
        self.sources = []  # videotestsrc elements of the currently prepared media
        self.flash = Flash() if args.flash else None
        self.next_client = 0
        self.speaker = Speaker() if args.backchannel else None
        self.server = onvif_server() if args.backchannel else GstRtspServer.RTSPServer()
        self.server.set_address(args.bind)
        self.server.set_service(str(args.port))
        mounts = self.server.get_mount_points()
        sub_fps = args.sub_fps or args.fps
        for path, (w, h), fps, rate, clip_path in (
            ("/main", args.main_size, args.fps, args.bitrate, args.main_file),
            ("/sub", args.sub_size, sub_fps, args.sub_bitrate, args.sub_file),
        ):
            factory = onvif_factory() if self.speaker else GstRtspServer.RTSPMediaFactory()
            if self.speaker:
                factory.connect("media-configure", lambda _f, media: self.speaker.attach(media))
            if clip_path:
                clip = Clip(clip_path, not args.no_audio)
                factory.set_launch(clip_launch_line(clip.audio is not None))
                factory.connect("media-configure", lambda _f, media, c=clip: ClipFeeder(c, media))
            else:
                factory.set_launch(launch_line(args, w, h, fps, rate))
                factory.connect("media-configure", self.on_media_configure, path)
            factory.set_shared(not self.speaker)
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
