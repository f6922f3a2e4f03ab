import type { CameraMetrics } from '@homecam/shared';
import type { StreamReading } from '../media/index.js';

interface Previous {
  bytesIn: number;
  viewerBytesOut: number;
}

/**
 * The per-stream table: the hub's cumulative counters turned into rates per interval, and each upstream
 * ffmpeg's CPU from the process-tree ticks (its pid is in the tree: ffmpeg runs as this process's child).
 */
export class CameraRows {
  private previous = new Map<string, Previous>();

  /**
   * `ticksByPid`: CPU ticks per tree process since the last sample (null on the first); `totalTicks`: all CPUs'
   * jiffies over the same time. Returns the rows and the bytes live viewers read in the interval.
   */
  update(readings: readonly StreamReading[], elapsedMs: number, ticksByPid: Map<number, number> | null, totalTicks: number | null): { rows: CameraMetrics[]; viewerBytes: number } {
    const rows: CameraMetrics[] = [];
    const next = new Map<string, Previous>();
    let viewerBytes = 0;
    const seconds = elapsedMs / 1000;
    for (const { status, stats } of readings) {
      const before = this.previous.get(status.key);
      next.set(status.key, { bytesIn: stats.bytesIn, viewerBytesOut: stats.viewerBytesOut });
      // A new stream (or one recreated with counters from 0) starts counting from 0.
      const inDelta = before && stats.bytesIn >= before.bytesIn ? stats.bytesIn - before.bytesIn : before ? stats.bytesIn : 0;
      const outDelta = before && stats.viewerBytesOut >= before.viewerBytesOut ? stats.viewerBytesOut - before.viewerBytesOut : 0;
      viewerBytes += outDelta;
      const pid = stats.pid ?? null;
      const ticks = pid !== null ? ticksByPid?.get(pid) : undefined;
      rows.push({
        camera: status.camera,
        stream: status.stream,
        state: status.state,
        pid,
        cpu: ticks !== undefined && totalTicks ? Math.min(100, (ticks / totalTicks) * 100) : null,
        ingestBitsPerSecond: seconds > 0 ? (inDelta * 8) / seconds : 0,
        viewers: status.viewers,
        consumers: status.consumers,
        droppedFragments: stats.droppedTotal,
        reconnects: stats.reconnects,
      });
    }
    this.previous = next;
    return { rows, viewerBytes };
  }
}
