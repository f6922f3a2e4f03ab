"""The simulator's output: one JSON object per line on stdout (see rtsp-sim.py for the events)."""
import json
import sys


def emit(event, **fields):
    fields["event"] = event
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()
