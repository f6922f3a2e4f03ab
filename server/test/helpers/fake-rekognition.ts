import { AwsClient } from 'aws4fetch';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RekognitionCall {
  /** The JPEG the request carried (Image.Bytes decoded). */
  image: Buffer;
  body: { MaxLabels?: number; MinConfidence?: number };
  authorization: string;
  /** Whether the Authorization header is the SigV4 signature of exactly this request with the test's secret. */
  signatureValid: boolean;
}

/**
 * A local Rekognition DetectLabels endpoint (JSON 1.1 over HTTP, as AWS speaks it). It checks the target header
 * and recomputes the SigV4 signature with the secret the test configured; a request that fails either gets AWS'
 * error answer. `labels` is what it answers; `delayMs` makes it slow.
 */
export class FakeRekognition {
  readonly calls: RekognitionCall[] = [];
  labels: { Name: string; Confidence: number }[] = [];
  delayMs = 0;
  private server: Server | null = null;

  constructor(private readonly keys: { accessKeyId: string; secretAccessKey: string; region: string }) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req).then(({ status, body }) => {
      res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body));
    }));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  close(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: object }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const authorization = String(req.headers.authorization ?? '');
    const signatureValid = await this.verify(req, text, authorization);
    if (req.headers['x-amz-target'] !== 'RekognitionService.DetectLabels') return { status: 400, body: { __type: 'UnknownOperationException' } };
    const parsed = JSON.parse(text) as { Image?: { Bytes?: string }; MaxLabels?: number; MinConfidence?: number };
    this.calls.push({ image: Buffer.from(parsed.Image?.Bytes ?? '', 'base64'), body: parsed, authorization, signatureValid });
    if (!signatureValid) return { status: 403, body: { __type: 'InvalidSignatureException', message: 'The request signature we calculated does not match' } };
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return { status: 200, body: { Labels: this.labels, LabelModelVersion: '3.0' } };
  }

  /** Signs the same request again with the test's keys and the client's timestamp; the signatures must match. */
  private async verify(req: IncomingMessage, body: string, authorization: string): Promise<boolean> {
    const date = String(req.headers['x-amz-date'] ?? '');
    const expectedScope = `Credential=${this.keys.accessKeyId}/${date.slice(0, 8)}/${this.keys.region}/rekognition/aws4_request`;
    if (!authorization.startsWith('AWS4-HMAC-SHA256 ') || !authorization.includes(expectedScope)) return false;
    const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const headers: Record<string, string> = {};
    for (const name of signed) if (name !== 'host') headers[name] = String(req.headers[name] ?? '');
    const client = new AwsClient({ ...this.keys, service: 'rekognition' });
    const url = `http://${req.headers.host}${req.url}`;
    const again = await client.sign(url, { method: req.method, headers, body, aws: { datetime: date } });
    return again.headers.get('authorization') === authorization;
  }
}
