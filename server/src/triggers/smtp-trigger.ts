import type { Email } from 'postal-mime';
import type { SMTPServer, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { anyCameraHasBody, cameraBySender, cameraByBody, cameraByRecipient } from './smtp-match.js';
import { BaseTrigger, errorMessage, listenErrorMessage, sameSecret, type TriggerCamera, type TriggerResult } from './trigger.js';

export interface SmtpTriggerOptions {
  /** config.json `smtp.port` (2727); 0 picks a free port (tests). */
  port: number;
  /** Address to listen on; default every interface. */
  host?: string;
  /** config.json `smtp.space_replace` (`+`): how senders write a space in an address's local part. */
  spaceReplace?: string;
  /** Set both to require AUTH PLAIN/LOGIN; set neither to take mail from anyone (any AUTH is then accepted). */
  username?: string;
  password?: string;
  /** Larger messages are refused with 552 (default 10 MB). */
  maxMessageBytes?: number;
  /**
   * PEM key and certificate (e.g. config.json `ssl`): STARTTLS is offered, and AUTH only works after it. Without
   * them STARTTLS is not offered and AUTH works on the plain connection (cameras rarely check certificates).
   */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

export const SMTP_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_RECIPIENTS = 20;

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * SMTP trigger: a small SMTP server that cameras mail their alarms to. The camera is picked by recipient,
 * sender or a text in the mail (see `smtp-match.ts`); each mail is one motion, with the first image attachment
 * as `extra.image`. An unknown recipient is refused at RCPT TO when no camera could be found by body text.
 * STARTTLS is offered only with a certificate (`tls`); without one, AUTH is allowed on the plain connection.
 */
export class SmtpTrigger extends BaseTrigger<SmtpTriggerOptions> {
  readonly name = 'smtp' as const;
  private server: SMTPServer | null = null;

  port(): number | null {
    const address = this.server?.server.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  private get spaceReplace(): string {
    return this.options.spaceReplace ?? '+';
  }

  private authRequired(): boolean {
    return !!(this.options.username || this.options.password);
  }

  protected async doStart(): Promise<void> {
    const { username, password } = this.options;
    if (this.authRequired() && !(username && password)) {
      throw new Error('SMTP trigger: set both a user and a password, or neither');
    }
    const maxBytes = this.options.maxMessageBytes ?? SMTP_MAX_MESSAGE_BYTES;
    // Loaded when the trigger starts, not with the server (the SMTP trigger is off unless set up): start/stop are
    // serialised, so a stop waits for this start to finish.
    const { SMTPServer } = await import('smtp-server');
    const server = new SMTPServer({
      name: 'homecam',
      banner: 'HomeCam motion trigger',
      logger: false,
      ...(this.options.tls ? { key: this.options.tls.key, cert: this.options.tls.cert } : { disabledCommands: ['STARTTLS'] }),
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: !this.authRequired(),
      allowInsecureAuth: !this.options.tls,
      disableReverseLookup: true,
      size: maxBytes,
      rejectOversized: true,
      maxClients: 32,
      socketTimeout: 60_000,
      closeTimeout: 1_000,
      onAuth: (auth, _session, callback) => {
        if (!this.authRequired()) return callback(null, { user: auth.username ?? 'anonymous' });
        const ok = sameSecret(auth.username ?? '', username ?? '') && sameSecret(auth.password ?? '', password ?? '');
        if (ok) return callback(null, { user: auth.username });
        this.log.info({ trigger: 'smtp', user: auth.username, remote: _session.remoteAddress }, 'SMTP trigger: wrong user or password');
        callback(smtpError(535, '5.7.8 Wrong user or password'));
      },
      onRcptTo: (address, session, callback) => {
        if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError(452, '4.5.3 Too many recipients'));
        const cameras = this.cameras();
        const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        if (cameraByRecipient(cameras, address.address, this.spaceReplace) || cameraBySender(cameras, sender, this.spaceReplace)) return callback();
        if (anyCameraHasBody(cameras)) return callback(); // decided once the text is in
        this.log.info({ trigger: 'smtp', recipient: address.address, sender }, 'SMTP trigger: no camera for the recipient');
        callback(
          smtpError(
            550,
            `5.1.1 <${address.address}>: no camera by that name; write to <camera name>@… with spaces as '${this.spaceReplace}'`,
          ),
        );
      },
      onData: (stream, session, callback) => {
        void this.onData(stream, session, maxBytes).then(
          (reply) => callback(null, reply),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    }).catch((error: unknown) => {
      throw new Error(listenErrorMessage('SMTP trigger', this.options.port, error), { cause: error });
    });
    // From here on errors are single connections' (resets, time-outs): not the trigger's status.
    server.on('error', (error) => this.log.debug({ trigger: 'smtp', err: errorMessage(error) }, 'SMTP connection error'));
    if (!this.authRequired()) this.log.warn({ trigger: 'smtp' }, 'SMTP trigger takes mail from anyone: set a user and password');
    this.setStatus('online', null);
  }

  protected async doStop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Reads the message, picks the cameras, calls the sink; resolves with the 250 text or rejects with an SMTP error. */
  private async onData(stream: SMTPServerDataStream, session: SMTPServerSession, maxBytes: number): Promise<string> {
    const chunks: Buffer[] = [];
    let bytes = 0;
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= maxBytes) chunks.push(chunk);
      });
      stream.once('end', resolve);
      stream.once('error', reject);
    });
    if (stream.sizeExceeded) throw smtpError(552, `5.3.4 The message is larger than ${maxBytes} bytes`);

    const { default: PostalMime } = await import('postal-mime');
    let mail: Email | undefined;
    try {
      mail = await PostalMime.parse(Buffer.concat(chunks), { attachmentEncoding: 'arraybuffer' });
    } catch (error) {
      this.log.debug({ trigger: 'smtp', err: errorMessage(error) }, 'SMTP trigger: the message could not be parsed');
    }

    const cameras = this.cameras();
    const targets: TriggerCamera[] = [];
    for (const recipient of session.envelope.rcptTo) {
      const camera = cameraByRecipient(cameras, recipient.address, this.spaceReplace);
      if (camera && !targets.includes(camera)) targets.push(camera);
    }
    const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    if (targets.length === 0) {
      const camera = cameraBySender(cameras, sender, this.spaceReplace) ?? (mail && cameraByBody(cameras, mail));
      if (camera) targets.push(camera);
    }
    const recipients = session.envelope.rcptTo.map((r) => r.address);
    if (targets.length === 0) {
      this.log.info({ trigger: 'smtp', recipients, sender }, 'SMTP trigger: no camera matched');
      throw smtpError(550, '5.1.1 No camera matched the recipient, the sender or the text of the mail');
    }

    const image = mail ? firstImage(mail) : undefined;
    const results: { camera: string; result: TriggerResult }[] = [];
    for (const camera of targets) {
      const result = await this.deliver('motion', camera.name, image ? { image } : undefined);
      results.push({ camera: camera.name, result });
      this.log.info({ trigger: 'smtp', camera: camera.name, recipients, sender, image: image?.length ?? 0, result }, 'SMTP trigger');
    }
    const accepted = results.filter((r) => r.result.accepted).map((r) => r.camera);
    if (accepted.length > 0) return `OK: motion for ${accepted.join(', ')}`;
    const rejections = results.flatMap((r) => (r.result.accepted ? [] : [r.result]));
    const skipped = rejections.find((r) => r.reason === 'skipped');
    if (skipped) return `OK: skipped: ${skipped.message}`;
    if (rejections.some((r) => r.reason === 'failed')) throw smtpError(451, '4.3.0 Handling the motion failed; try again later');
    throw smtpError(550, `5.1.1 ${rejections[0]?.message ?? 'No camera matched'}`);
  }
}

/** The first image attachment (inline ones included) as a Buffer. */
function firstImage(mail: Email): Buffer | undefined {
  const attachment = mail.attachments.find((a) => a.mimeType.startsWith('image/'));
  if (!attachment) return undefined;
  const { content } = attachment;
  if (typeof content === 'string') return Buffer.from(content, attachment.encoding === 'base64' ? 'base64' : 'utf8');
  return Buffer.from(content instanceof ArrayBuffer ? new Uint8Array(content) : content);
}
