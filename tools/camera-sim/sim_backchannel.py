"""--backchannel: an ONVIF Profile T camera with a speaker (an RTSP audio backchannel) that reports what it heard.

A client that sends `Require: www.onvif.org/ver20/backchannel` with DESCRIBE gets an extra audio media marked
a=sendonly (the client sends, G.711 mu-law 8 kHz); the RTP it sends there is depayloaded, decoded and measured.
Clients without the header get the ordinary media (GStreamer's ONVIF server keeps the two apart).
"""
import array
import math
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import Gst, GstRtspServer  # noqa: E402

from sim_output import emit  # noqa: E402

BACKCHANNEL_LAUNCH = (
    "( capsfilter caps=\"application/x-rtp, media=audio, payload=0, clock-rate=8000, encoding-name=PCMU\" "
    "name=depay_backchannel ! rtppcmudepay ! mulawdec ! audio/x-raw,format=S16LE "
    "! appsink name=speaker emit-signals=true sync=false async=false )"
)
REPORT_EVERY_S = 0.2


def onvif_server():
    return GstRtspServer.RTSPOnvifServer()


def onvif_factory():
    factory = GstRtspServer.RTSPOnvifMediaFactory()
    factory.set_backchannel_launch(BACKCHANNEL_LAUNCH)
    factory.set_media_gtype(GstRtspServer.RTSPOnvifMedia)
    return factory


class Speaker:
    """Counts the decoded samples a backchannel session received and their loudness (RMS of 16-bit samples).

    Prints {"event": "talk", "session": N, "bytes": B, "rms": R} at most every 0.2 s while audio arrives (B: G.711
    bytes so far, one per sample; R: RMS of the samples since the last line) and {"event": "talk-closed", ...} with the
    totals when the session's media is torn down.
    """

    def __init__(self):
        self.sessions = 0

    def attach(self, media):
        sink = media.get_element().get_by_name("speaker")
        if sink is None:
            return  # a client without the backchannel header
        self.sessions += 1
        state = {"session": self.sessions, "bytes": 0, "squares": 0.0, "count": 0, "at": 0.0}
        sink.connect("new-sample", self.on_sample, state)
        emit("talk-open", session=state["session"])
        media.connect("unprepared", lambda _m: emit("talk-closed", session=state["session"], bytes=state["bytes"]))

    @staticmethod
    def on_sample(sink, state):
        sample = sink.emit("pull-sample")
        buffer = sample.get_buffer()
        ok, info = buffer.map(Gst.MapFlags.READ)
        if not ok:
            return Gst.FlowReturn.OK
        samples = array.array("h", bytes(info.data))
        buffer.unmap(info)
        state["bytes"] += len(samples)
        state["squares"] += sum(s * s for s in samples)
        state["count"] += len(samples)
        now = time.monotonic()
        if now - state["at"] >= REPORT_EVERY_S:
            rms = math.sqrt(state["squares"] / state["count"]) if state["count"] else 0.0
            emit("talk", session=state["session"], bytes=state["bytes"], rms=round(rms, 1))
            state.update(squares=0.0, count=0, at=now)
        return Gst.FlowReturn.OK
