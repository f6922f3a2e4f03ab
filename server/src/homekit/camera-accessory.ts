import type { Camera } from '@homecam/shared';
import {
  Accessory,
  CameraController,
  Characteristic,
  DoorbellController,
  HapStatusError,
  Service,
  uuid,
  type CameraStreamingDelegate,
  type CameraStreamingOptions,
  type CharacteristicValue,
  type HAPStatus,
} from 'hap-nodejs';
import { CATEGORY, H264_LEVELS, H264_PROFILES, SRTP_AES_CM_128_HMAC_SHA1_80 } from './hap-values.js';
import type { HomekitLogger } from './logger.js';
import type { CreateStreamDelegate, HomekitStreamDelegate } from './stream-delegate.js';

/** What a camera accessory asks of the app; all by camera name, the current config is read on every use. */
export interface CameraAccessoryDeps {
  camera(name: string): Camera | undefined;
  /** Whether the camera is in config.json `exclude` (At Home: its motion still counts). */
  isExcluded(name: string): boolean;
  /** The web UI's privacy mode (CameraService.update), so the API and HomeKit show the same value. */
  setPrivacy(name: string, on: boolean): Promise<void>;
  /** Adds it to / removes it from the At Home exclude list (SystemService.patchAtHome). */
  setExcluded(name: string, on: boolean): Promise<void>;
  /** A JPEG of the camera `width` pixels wide (the hub's newest keyframe; the privacy image while private). */
  snapshot(name: string, width: number): Promise<Buffer>;
  createStreamDelegate: CreateStreamDelegate;
  log: HomekitLogger;
}

/** Advertised unless the stream delegate brings its own: what HomeKit may ask for (it picks one per session). */
export const DEFAULT_STREAMING_OPTIONS: CameraStreamingOptions = {
  supportedCryptoSuites: [SRTP_AES_CM_128_HMAC_SHA1_80],
  video: {
    codec: { profiles: H264_PROFILES, levels: H264_LEVELS },
    resolutions: [
      [1920, 1080, 30],
      [1280, 720, 30],
      [640, 360, 30],
      [480, 270, 30],
      [320, 180, 30],
      [320, 240, 15], // Apple Watch
    ],
  },
};

/** The parts of a camera that decide which services the accessory has: a change rebuilds the accessory. */
export function accessoryShape(camera: Camera): string {
  return JSON.stringify([camera.doorbell, camera.motion, camera.privacySwitch, camera.excludeSwitch]);
}

/** HAP's SERVICE_COMMUNICATION_FAILURE: the write did not happen, the Home app shows an error. */
const COMMUNICATION_FAILURE = -70402 as HAPStatus;

/**
 * One camera on the bridge: AccessoryInformation (manufacturer/model/serial from the camera, defaults 'HomeCam',
 * 'IP camera', the camera name), a CameraController (DoorbellController for doorbells: its Doorbell service
 * carries the ring), MotionSensor, and the Privacy and Exclude switches. Stable UUID (and so AID) from the name.
 */
export class CameraAccessory {
  readonly accessory: Accessory;
  readonly shape: string;
  private readonly controller: CameraController;
  private readonly stream: HomekitStreamDelegate;
  private readonly motion: Service | undefined;
  private readonly privacy: Service | undefined;
  private readonly exclude: Service | undefined;
  private motionDetected = false;
  private closed = false;

  constructor(
    camera: Camera,
    private readonly deps: CameraAccessoryDeps,
  ) {
    const name = camera.name;
    this.shape = accessoryShape(camera);
    this.accessory = new Accessory(name, uuid.generate(`homecam:camera:${name}`));
    this.accessory.category = camera.doorbell ? CATEGORY.VIDEO_DOORBELL : CATEGORY.CAMERA;
    this.stream = deps.createStreamDelegate({
      camera: name,
      cameraConfig: () => deps.camera(name),
      forceStop: (sessionId) => {
        if (!this.closed) this.controller.forceStopStreamingSession(sessionId);
      },
    });
    const options = { cameraStreamCount: 2, delegate: this.delegate(name), streamingOptions: this.stream.streamingOptions ?? DEFAULT_STREAMING_OPTIONS };
    this.controller = camera.doorbell ? new DoorbellController(options) : new CameraController(options);
    this.accessory.configureController(this.controller);
    if (camera.motion) {
      this.motion = this.accessory.addService(Service.MotionSensor, `${name} Motion`, 'motion');
      this.motion.getCharacteristic(Characteristic.MotionDetected).onGet(() => this.motionDetected);
    }
    if (camera.privacySwitch) this.privacy = this.addSwitch('Privacy', () => this.current().privacyMode, (on) => deps.setPrivacy(name, on));
    if (camera.excludeSwitch) this.exclude = this.addSwitch('Exclude', () => deps.isExcluded(name), (on) => deps.setExcluded(name, on));
    this.update(camera);
  }

  get name(): string {
    return this.accessory.displayName;
  }

  /** The camera's config changed (same shape): information, switches and motion follow it. */
  update(camera: Camera): void {
    const info = this.accessory.getService(Service.AccessoryInformation);
    info?.updateCharacteristic(Characteristic.Manufacturer, camera.manufacturer?.trim() || 'HomeCam');
    info?.updateCharacteristic(Characteristic.Model, camera.model?.trim() || 'IP camera');
    info?.updateCharacteristic(Characteristic.SerialNumber, camera.serialNumber?.trim() || camera.name);
    this.privacy?.updateCharacteristic(Characteristic.On, camera.privacyMode);
    this.exclude?.updateCharacteristic(Characteristic.On, this.deps.isExcluded(camera.name));
    // Privacy mode: no motion, like everywhere else in the app; a motion in progress ends.
    if (camera.privacyMode) this.setMotion(false);
  }

  /** At Home's exclude list changed. */
  refreshExclude(): void {
    this.exclude?.updateCharacteristic(Characteristic.On, this.deps.isExcluded(this.name));
  }

  setMotion(detected: boolean): void {
    if (detected && this.deps.camera(this.name)?.privacyMode) return;
    if (this.motionDetected === detected) return;
    this.motionDetected = detected;
    this.motion?.updateCharacteristic(Characteristic.MotionDetected, detected);
  }

  /** A doorbell press: ProgrammableSwitchEvent SINGLE_PRESS on the Doorbell service (doorbell cameras only). */
  ring(): void {
    if (this.controller instanceof DoorbellController) this.controller.ringDoorbell();
  }

  /** The accessory leaves the bridge: end its live sessions. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.stream.close();
    } catch (error) {
      this.deps.log.warn({ camera: this.name, err: error }, 'HomeKit stream delegate did not close cleanly');
    }
  }

  private current(): Camera {
    const camera = this.deps.camera(this.name);
    if (!camera) throw new HapStatusError(COMMUNICATION_FAILURE);
    return camera;
  }

  private addSwitch(label: string, get: () => boolean, set: (on: boolean) => Promise<void>): Service {
    const service = this.accessory.addService(Service.Switch, label, label.toLowerCase());
    // The name the Home app shows for the switch (iOS 16+ reads ConfiguredName; hap-nodejs' Switch lists it not).
    service.addOptionalCharacteristic(Characteristic.ConfiguredName);
    service.setCharacteristic(Characteristic.ConfiguredName, label);
    service
      .getCharacteristic(Characteristic.On)
      .onGet(get)
      .onSet(async (value: CharacteristicValue) => {
        try {
          await set(value === true || value === 1);
        } catch (error) {
          this.deps.log.warn({ camera: this.name, switch: label, err: error }, 'HomeKit switch write failed');
          throw new HapStatusError(COMMUNICATION_FAILURE);
        }
        this.deps.log.info({ camera: this.name, switch: label, on: value === true || value === 1 }, 'switched from HomeKit');
      });
    return service;
  }

  private delegate(name: string): CameraStreamingDelegate {
    return {
      handleSnapshotRequest: (request, callback) => {
        this.deps.snapshot(name, request.width).then(
          (jpeg) => callback(undefined, jpeg),
          (error: unknown) => {
            this.deps.log.warn({ camera: name, err: error }, 'HomeKit snapshot failed');
            callback(COMMUNICATION_FAILURE);
          },
        );
      },
      prepareStream: (request, callback) => this.stream.prepareStream(request, callback),
      handleStreamRequest: (request, callback) => this.stream.handleStreamRequest(request, callback),
    };
  }
}
