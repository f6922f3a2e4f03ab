import { LIVE_VIDEO } from '../../lib/live-video';
import type { LiveLink } from './live-link';
import { MediaSink, mediaSourceClass, type MediaSinkHooks } from './media-sink';

/** The class of the layer that shows the early picture until the player adopts it (styles/index.css). */
export const EARLY_PICTURE_LAYER_CLASS = 'early-picture';

/** The first text messages' `type` and `mimeType`, read without the app's schemas (the player checks them later). */
function peek(text: string): { type?: unknown; mimeType?: unknown } {
  try {
    const message: unknown = JSON.parse(text);
    return typeof message === 'object' && message !== null ? message : {};
  } catch {
    return {};
  }
}

/**
 * The camera's picture before the app has rendered (a page opened from nothing): the page's first script plays the
 * early live socket (live-early.ts) in a <video> of its own, in a layer over the page, MSE (init segment and the
 * buffered GOP into a MediaSink) or the WebRTC peer's track, as soon as they arrive, instead of once the app's
 * bundle ran and React mounted the player (~0.5 s later). The player then adopts the element, its MediaSink and the
 * socket (LiveConnection), and goes through the text messages so far as if it had listened from the start. No app
 * imports: this runs before React, i18n and the schemas are loaded.
 */
export class EarlyPicture {
  readonly video: HTMLVideoElement;
  /** Every text message so far, in order, for the adopting player. */
  readonly texts: string[] = [];
  /** The MediaSink of the first `init`, while it is this picture's (null over WebRTC, or before the init). */
  sink: MediaSink | null = null;
  mimeType: string | null = null;
  /** Resolves once the first frame is shown, or the picture gave up. */
  readonly shown: Promise<void>;
  private markShown: () => void = () => undefined;
  private ended = false;

  constructor(
    readonly link: LiveLink,
    private readonly layer: HTMLElement,
    /** Called once the picture gave up (the socket closed or failed): the caller forgets it. */
    private readonly onEnded: () => void,
  ) {
    const video = layer.ownerDocument.createElement('video');
    video.className = LIVE_VIDEO.className;
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    video.disablePictureInPicture = true;
    video.dataset.testid = LIVE_VIDEO.testId;
    layer.append(video);
    this.video = video;
    this.shown = new Promise((resolve) => (this.markShown = resolve));
    const withFrames = video as HTMLVideoElement & { requestVideoFrameCallback?: (callback: () => void) => number };
    if (typeof withFrames.requestVideoFrameCallback === 'function') withFrames.requestVideoFrameCallback(() => this.markShown());
    else video.addEventListener('playing', () => this.markShown(), { once: true });
    link.listen({ onText: (text) => this.onText(text), onBinary: (data) => this.sink?.append(data), onClose: () => this.end() });
    link.peer?.onTrack(({ track, streams }) => {
      if (track.kind !== 'video' || this.ended) return;
      video.srcObject = streams[0] ?? new MediaStream([track]);
      video.play().catch(() => undefined);
    });
  }

  /** Moves the element into the player's place and takes the layer away; the caller now owns the picture. */
  adoptInto(parent: Element): void {
    parent.append(this.video);
    this.layer.remove();
  }

  /** The sink for the adopting player, with its hooks from now on; null when it is not for this `mimeType`. */
  takeSink(mimeType: string, hooks: MediaSinkHooks): MediaSink | null {
    const sink = this.sink;
    this.sink = null;
    if (!sink || mimeType !== this.mimeType) {
      sink?.dispose();
      return null;
    }
    sink.setHooks(hooks);
    return sink;
  }

  /** Gives up: the layer goes, and with it the picture; the socket is the caller's to close. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.sink?.dispose();
    this.sink = null;
    this.layer.remove();
    this.markShown();
    this.onEnded();
  }

  private onText(text: string): void {
    this.texts.push(text);
    const { type, mimeType } = peek(text);
    if (type === 'error') return this.end();
    // WebRTC declined: MSE follows on this socket, and a srcObject would hide it.
    if (type === 'webrtc-unavailable') this.video.srcObject = null;
    if (type !== 'init' || typeof mimeType !== 'string' || this.mimeType !== null) return;
    // Only the first init: a second one (the stream restarted) waits for the player, which starts a fresh sink.
    this.mimeType = mimeType;
    const Source = mediaSourceClass();
    if (!Source?.isTypeSupported(mimeType)) return; // the player says why, once it has adopted the socket
    this.sink = new MediaSink(this.video, Source, mimeType, { onUpdated: () => this.sink?.followLiveEdge(), onError: () => this.end() });
  }
}
