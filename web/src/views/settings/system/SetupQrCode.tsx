import { useMemo } from 'react';
import { create } from 'qrcode';

/** Modules of white border around the code: scanners need it (the QR spec asks for 4). */
const QUIET = 4;

/** One SVG path of the dark modules, in module units: a few kB of DOM instead of one rect per module. */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET} ${row + QUIET}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QUIET, d: parts.join('') };
}

/**
 * The pairing QR code (the bridge's `X-HM://` URI) drawn locally as SVG: nothing leaves the browser. Always dark on
 * a white plate, also in the dark theme, since phone cameras read inverted codes badly.
 */
export function SetupQrCode({ uri, label }: { uri: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(uri), [uri]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="h-40 w-40 shrink-0 rounded-lg border border-border sm:h-48 sm:w-48"
      data-testid="homekit-qr"
      data-uri={uri}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
