import type { DownloadedFile } from './http-client';

/**
 * Hands a downloaded file to the browser's own save through a temporary link. The URL is released a moment later:
 * the click has started the save by then, and some browsers read the blob only after this turn.
 */
export function saveFile({ blob, fileName }: DownloadedFile, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
