import type { AddressInfo } from 'node:net';
import { FtpServer, type FtpFileSystem, type FtpReply } from './ftp-server.js';
import { BaseTrigger, errorMessage, findCamera, listenErrorMessage, sameSecret, type TriggerCamera } from './trigger.js';

export interface FtpTriggerOptions {
  /** config.json `ftp.port` (5050); 0 picks a free port (tests). */
  port: number;
  /** Address to listen on; default every interface. Passive data connections use the address the client reached. */
  host?: string;
  /** config.json `ftp.useFile`: a file in the root names its camera by its leading letters (`FrontDoor_0815.jpg`). */
  useFile?: boolean;
  /** Set both to require this login; set neither for anonymous (any name and password). */
  username?: string;
  password?: string;
  /** Uploads up to this size are passed on as `extra.image` when they are pictures (default 5 MB). */
  maxImageBytes?: number;
  /** IPv4 address to announce for passive mode behind NAT or in a container. */
  passiveAddress?: string;
  /** Passive data ports (to open in a firewall); default any free port. */
  passivePorts?: { min: number; max: number };
}

export const FTP_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** JPEG, PNG, GIF, WebP and BMP by their first bytes: a camera may upload clips or text files too. */
export function isImage(data: Buffer): boolean {
  if (data.length < 12) return false;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return true;
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  const ascii = data.subarray(0, 12).toString('latin1');
  return ascii.startsWith('GIF8') || (ascii.startsWith('RIFF') && ascii.slice(8) === 'WEBP') || ascii.startsWith('BM');
}

/**
 * camera.ui's `useFile`: the leading letters of the file name are the camera name (`FrontDoor20240101.jpg` →
 * `FrontDoor`, which matches `Front Door`). Names with digits (`Cam1`) cannot work that way, so failing that, the
 * longest camera name that starts the file name and is followed by a non-alphanumeric character counts.
 */
export function cameraFromFileName<T extends { name: string }>(cameras: readonly T[], fileName: string): T | undefined {
  const letters = /^[A-Za-z]+/.exec(fileName)?.[0];
  const byLetters = letters ? findCamera(cameras, letters) : undefined;
  if (byLetters) return byLetters;
  const squash = (value: string): string => value.replace(/\s+/g, '').toLowerCase();
  const file = squash(fileName);
  let best: T | undefined;
  for (const camera of cameras) {
    const name = squash(camera.name);
    if (!name || !file.startsWith(name) || /[a-z0-9]/i.test(file.charAt(name.length))) continue;
    if (!best || name.length > squash(best.name).length) best = camera;
  }
  return best;
}

/**
 * FTP trigger: cameras upload their alarm pictures; an upload into `/<camera name>/…` (or, with `useFile`, a
 * root file named after the camera) is motion for that camera, and a picture of up to `maxImageBytes` becomes
 * `extra.image`. The listing shows one folder per camera; MKD, DELE and RNFR/RNTO are accepted and do nothing.
 */
export class FtpTrigger extends BaseTrigger<FtpTriggerOptions> {
  readonly name = 'ftp' as const;
  private server: FtpServer | null = null;

  port(): number | null {
    return this.server?.address()?.port ?? null;
  }

  address(): AddressInfo | null {
    return this.server?.address() ?? null;
  }

  protected async doStart(): Promise<void> {
    const { username, password } = this.options;
    if ((username || password) && !(username && password)) throw new Error('FTP trigger: set both a user and a password, or neither');
    const credentials = username && password ? { username, password } : null;
    const server = new FtpServer({
      fs: this.fileSystem(),
      credentials,
      checkCredentials: (user, pass) => !!credentials && sameSecret(user, credentials.username) && sameSecret(pass, credentials.password),
      maxKeepBytes: this.options.maxImageBytes ?? FTP_MAX_IMAGE_BYTES,
      ...(this.options.passiveAddress && { passiveAddress: this.options.passiveAddress }),
      ...(this.options.passivePorts && { passivePorts: this.options.passivePorts }),
      logger: this.log,
    });
    this.server = server;
    try {
      await server.listen(this.options.port, this.options.host);
    } catch (error) {
      throw new Error(listenErrorMessage('FTP trigger', this.options.port, error), { cause: error });
    }
    server.onError((error) => this.log.debug({ trigger: 'ftp', err: errorMessage(error) }, 'FTP server error'));
    if (!credentials) this.log.warn({ trigger: 'ftp' }, 'FTP trigger takes uploads from anyone: set a user and password');
    this.setStatus('online', null);
  }

  protected async doStop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await server?.close();
  }

  /** The camera an upload to `path` is for, or why there is none. */
  private cameraFor(path: readonly string[]): { camera: TriggerCamera } | { refusal: string } {
    const cameras = this.cameras();
    const [first = '', ...rest] = path;
    if (rest.length > 0) {
      const camera = findCamera(cameras, first);
      return camera ? { camera } : { refusal: `No camera '${first}': upload into /<camera name>/` };
    }
    if (!this.options.useFile) return { refusal: `Upload into a camera folder: /<camera name>/${first}` };
    const camera = cameraFromFileName(cameras, first);
    return camera ? { camera } : { refusal: `No camera matches the file name '${first}'` };
  }

  private fileSystem(): FtpFileSystem {
    return {
      list: (path) => {
        if (path.length === 0) return this.cameras().map((camera) => camera.name);
        return findCamera(this.cameras(), path[0] ?? '') ? [] : null;
      },
      canMakeFolder: (path) => {
        if (path.length === 0 || findCamera(this.cameras(), path[0] ?? '')) return null;
        return `No camera '${path[0]}': folders are camera names`;
      },
      checkUpload: (path) => {
        const target = this.cameraFor(path);
        if ('refusal' in target) {
          this.log.info({ trigger: 'ftp', path: `/${path.join('/')}` }, `FTP trigger: ${target.refusal}`);
          return target.refusal;
        }
        return null;
      },
      uploaded: async ({ path, data, bytes, complete }): Promise<FtpReply> => {
        const target = this.cameraFor(path);
        if ('refusal' in target) return { code: 550, message: target.refusal };
        const camera = target.camera.name;
        const image = data && complete && isImage(data) ? data : undefined;
        const result = await this.deliver('motion', camera, image ? { image } : undefined);
        this.log.info({ trigger: 'ftp', camera, path: `/${path.join('/')}`, bytes, image: image?.length ?? 0, complete, result }, 'FTP trigger');
        if (result.accepted) return { code: 226, message: `Transfer complete: motion for ${camera}` };
        switch (result.reason) {
          case 'skipped':
            return { code: 226, message: `Transfer complete (skipped: ${result.message})` };
          case 'failed':
            return { code: 451, message: 'Handling the motion failed; try again later' };
          case 'unknownCamera':
            return { code: 550, message: result.message };
        }
      },
    };
  }
}
