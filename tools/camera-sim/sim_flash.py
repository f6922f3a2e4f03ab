"""--flash: a black/white picture switched by SIGUSR2, timed where the switch happens (glass-to-glass latency)."""
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import GLib, Gst  # noqa: E402

from sim_output import emit  # noqa: E402

FLASH_PATTERNS = {False: "black", True: "white"}


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
