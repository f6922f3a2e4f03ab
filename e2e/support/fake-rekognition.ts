import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRekognition {
  /** Base URL for HOMECAM_REKOGNITION_ENDPOINT. */
  url: string;
  /** Each DetectLabels call: the credential scope it was signed for and the image size. */
  calls: { credential: string; imageBytes: number }[];
  close(): Promise<void>;
}

/**
 * A local Rekognition DetectLabels endpoint for the e2e server: it refuses a request that is not a SigV4-signed
 * DetectLabels call with an image (AWS' answer shapes) and answers the given labels. The server tests check the
 * signature itself (server/test/helpers/fake-rekognition.ts).
 */
export async function startFakeRekognition(labels: { Name: string; Confidence: number }[]): Promise<FakeRekognition> {
  const calls: FakeRekognition['calls'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const credential = /Credential=([^,]+)/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { Image?: { Bytes?: string } };
      const imageBytes = Buffer.from(body.Image?.Bytes ?? '', 'base64').length;
      const ok = req.headers['x-amz-target'] === 'RekognitionService.DetectLabels' && credential.endsWith('/rekognition/aws4_request') && imageBytes > 0;
      if (ok) calls.push({ credential, imageBytes });
      res.writeHead(ok ? 200 : 400, { 'Content-Type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(ok ? { Labels: labels } : { __type: 'ValidationException', message: 'not a signed DetectLabels call' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
