import { iou, type Box } from './geometry.js';

/**
 * Follows objects of one camera across detections by box overlap, so a parked car is one object that alerts once,
 * and the same object moving on alerts again. Pure apart from the times passed in.
 *
 * - A detection joins the live track of its label it overlaps most (IoU ≥ `matchIou`), or failing that a nearby one
 *   of similar size (an object moves out of its old box between detections a second apart), else it starts a track.
 * - A track is *confirmed* (worth an event) once it was seen `confirmHits` times with a mean score ≥ the camera's
 *   minimum, or once with a score ≥ `instantScore`: one stray hit on a bush does not alert.
 * - A track whose box stays within `stationaryIou` of one place for `stationaryMs` is stationary (a parked car). When
 *   a stationary, confirmed track moves away from that place (IoU below `movedIou`), it alerts again ('moved'). An
 *   object that keeps walking never re-alerts.
 * - A track not seen for `forgetMs` is forgotten (the next detection there is a new object); a stationary one only
 *   after `stationaryForgetMs`: detection runs where there is motion, so a parked car may go unseen for hours.
 */

export interface TrackerOptions {
  matchIou?: number;
  stationaryIou?: number;
  stationaryMs?: number;
  movedIou?: number;
  confirmHits?: number;
  instantScore?: number;
  forgetMs?: number;
  stationaryForgetMs?: number;
}

export interface TrackedDetection {
  label: string;
  /** 0–1 */
  score: number;
  box: Box;
}

export interface TrackEvent {
  trackId: number;
  label: string;
  score: number;
  box: Box;
  /** new: first alert of this object · moved: a stationary object moved on. */
  reason: 'new' | 'moved';
}

interface Track {
  id: number;
  label: string;
  box: Box;
  scores: number[];
  lastSeen: number;
  confirmed: boolean;
  /** Where the object has stayed since `anchorSince`. */
  anchor: Box;
  anchorSince: number;
  stationary: boolean;
}

const DEFAULTS: Required<TrackerOptions> = {
  matchIou: 0.3, stationaryIou: 0.6, stationaryMs: 10_000, movedIou: 0.3, confirmHits: 2, instantScore: 0.7, forgetMs: 30_000, stationaryForgetMs: 6 * 3_600_000,
};
const MAX_TRACKS = 200;
const SCORE_HISTORY = 5;
const MAX_JUMP = 1.5;

export class ObjectTracker {
  private readonly options: Required<TrackerOptions>;
  private tracks: Track[] = [];
  private nextId = 1;

  constructor(options: TrackerOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  get size(): number {
    return this.tracks.length;
  }

  /**
   * Takes one frame's detections (already filtered by label, size and zone) and returns what deserves an alert.
   * `minScore` 0–1.
   */
  update(detections: readonly TrackedDetection[], now: number, minScore: number): TrackEvent[] {
    this.tracks = this.tracks.filter((t) => now - t.lastSeen <= (t.stationary ? this.options.stationaryForgetMs : this.options.forgetMs));
    const owner = this.assign(detections);
    const events: TrackEvent[] = [];
    detections.forEach((d, i) => {
      const track = owner.get(i) ?? this.open(d, now);
      track.box = d.box;
      track.lastSeen = now;
      track.scores.push(d.score);
      if (track.scores.length > SCORE_HISTORY) track.scores.shift();
      const event = this.judge(track, d.score, minScore, now);
      if (event) events.push(event);
    });
    if (this.tracks.length > MAX_TRACKS) this.tracks = this.tracks.sort((a, b) => b.lastSeen - a.lastSeen).slice(0, MAX_TRACKS);
    return events;
  }

  /** Detections to live tracks of their label, best affinity first, each track and detection at most once. */
  private assign(detections: readonly TrackedDetection[]): Map<number, Track> {
    const pairs: { affinity: number; index: number; track: Track }[] = [];
    detections.forEach((d, index) => {
      for (const track of this.tracks) {
        const affinity = track.label === d.label ? this.affinity(track.box, d.box) : 0;
        if (affinity > 0) pairs.push({ affinity, index, track });
      }
    });
    pairs.sort((a, b) => b.affinity - a.affinity);
    const owner = new Map<number, Track>();
    const taken = new Set<Track>();
    for (const { index, track } of pairs) {
      if (owner.has(index) || taken.has(track)) continue;
      owner.set(index, track);
      taken.add(track);
    }
    return owner;
  }

  /**
   * How likely a box is the track's object again: its IoU when that is ≥ matchIou; else, for a similar size within
   * `MAX_JUMP` diagonals (a person walks out of their old box between two detections a second apart), less than
   * any IoU match; 0 for no match.
   */
  private affinity(previous: Box, box: Box): number {
    const overlap = iou(previous, box);
    if (overlap >= this.options.matchIou) return overlap;
    const ratio = (box.width * box.height) / Math.max(1e-9, previous.width * previous.height);
    if (ratio < 0.5 || ratio > 2) return 0;
    const distance = Math.hypot(box.x + box.width / 2 - previous.x - previous.width / 2, box.y + box.height / 2 - previous.y - previous.height / 2);
    const limit = MAX_JUMP * Math.hypot(previous.width, previous.height);
    return distance < limit ? this.options.matchIou * (1 - distance / limit) : 0;
  }

  reset(): void {
    this.tracks = [];
  }

  private open(d: TrackedDetection, now: number): Track {
    const track: Track = { id: this.nextId++, label: d.label, box: d.box, scores: [], lastSeen: now, confirmed: false, anchor: d.box, anchorSince: now, stationary: false };
    this.tracks.push(track);
    return track;
  }

  private judge(track: Track, score: number, minScore: number, now: number): TrackEvent | null {
    const o = this.options;
    const event = (reason: TrackEvent['reason']): TrackEvent => ({ trackId: track.id, label: track.label, score, box: track.box, reason });
    const overlap = iou(track.anchor, track.box);
    let movedOn = false;
    if (overlap >= o.stationaryIou) {
      if (now - track.anchorSince >= o.stationaryMs) track.stationary = true;
    } else if (!track.stationary || overlap < o.movedIou) {
      movedOn = track.stationary;
      track.stationary = false;
      track.anchor = track.box;
      track.anchorSince = now;
    }
    if (!track.confirmed) {
      const mean = track.scores.reduce((sum, s) => sum + s, 0) / track.scores.length;
      track.confirmed = (track.scores.length >= o.confirmHits && mean >= minScore) || score >= Math.max(minScore, o.instantScore);
      return track.confirmed ? event('new') : null;
    }
    return movedOn && score >= minScore ? event('moved') : null;
  }
}
