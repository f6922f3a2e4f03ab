import {
  REKOGNITION_DEFAULT_REGION,
  REKOGNITION_REGIONS,
  type RekognitionRegion,
  type RekognitionSettings,
  type RekognitionSettingsPatch,
} from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { ConfigService } from './config.service.js';
import type { RekognitionUsageService } from './rekognition-usage.service.js';

/** What an admin sees of the key id: enough to recognise it, not to copy it. */
export function maskKeyId(id: string | undefined): string | null {
  if (!id) return null;
  return `••••${id.slice(-4)}`;
}

export function regionOf(value: string | undefined): RekognitionRegion {
  return REKOGNITION_REGIONS.find((region) => region === value) ?? REKOGNITION_DEFAULT_REGION;
}

/**
 * Settings → Rekognition: the keys, region and monthly total in config.json's `aws` block (camera.ui's names),
 * the counters from the usage service. The secret is write-only: never returned, only whether it is set.
 */
export class RekognitionSettingsService {
  constructor(
    private readonly config: ConfigService,
    private readonly usage: RekognitionUsageService,
  ) {}

  async get(): Promise<RekognitionSettings> {
    const aws = this.config.get().aws ?? {};
    const usage = await this.usage.current();
    return {
      active: aws.active ?? false,
      accessKeyId: maskKeyId(aws.accessKeyId),
      secretAccessKeySet: !!aws.secretAccessKey,
      region: regionOf(aws.region),
      contingentTotal: usage.total,
      contingentLeft: usage.left,
      lastCall: usage.lastCall,
    };
  }

  /**
   * Absent keeps, null or '' clears (merge patch on the `aws` block); the answer is the new state. Refused with
   * REKOGNITION_KEYS_MISSING, nothing written, when the result would be switched on without both keys.
   */
  async patch(body: RekognitionSettingsPatch): Promise<RekognitionSettings> {
    const block: Record<string, unknown> = {};
    if (body.active !== undefined) block.active = body.active;
    if (body.accessKeyId !== undefined) block.accessKeyId = body.accessKeyId || null;
    if (body.secretAccessKey !== undefined) block.secretAccessKey = body.secretAccessKey || null;
    const aws = this.config.get().aws ?? {};
    const keyId = block.accessKeyId === undefined ? aws.accessKeyId : block.accessKeyId;
    const secret = block.secretAccessKey === undefined ? aws.secretAccessKey : block.secretAccessKey;
    this.refuseWithoutKeys((body.active ?? aws.active ?? false) && (!keyId || !secret));
    if (body.region !== undefined) block.region = body.region;
    if (body.contingentTotal !== undefined) block.contingent_total = body.contingentTotal;
    if (Object.keys(block).length > 0) await this.config.patchSection('aws', block);
    return this.get();
  }

  /** Switches the analysis on or off (the plugins page's start/stop); on needs both keys. */
  async setActive(active: boolean): Promise<void> {
    this.refuseWithoutKeys(active && !this.configured().hasKeys);
    await this.config.patchSection('aws', { active });
  }

  private refuseWithoutKeys(refuse: boolean): void {
    if (refuse) throw new AppError('REKOGNITION_KEYS_MISSING', 'Rekognition needs an access key id and a secret access key to be switched on');
  }

  /** Whether the analysis can call AWS at all: switched on, with a key id and a secret. */
  configured(): { active: boolean; hasKeys: boolean } {
    const aws = this.config.get().aws ?? {};
    return { active: aws.active ?? false, hasKeys: !!aws.accessKeyId && !!aws.secretAccessKey };
  }
}
