/**
 * The start both reference players (MSE in browser.ts, WebRTC in reference-webrtc.ts) share, as page script: note
 * the start time, empty the server's page and put one muted, autoplaying, full-width <video> in it as `video`.
 * Interpolated at the top of their injected scripts, so the two measure from the same point on the same page.
 */
export const REFERENCE_VIDEO_SETUP = `window.__bench.playerStart = performance.now();
  const camera = window.__benchCamera;
  document.body.innerHTML = '';
  document.body.style.cssText = 'margin:0;background:#000';
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  video.style.width = '100vw';
  document.body.appendChild(video);`;
