import type { Categories, H264Level, H264Profile, MDNSAdvertiser, SRTPCryptoSuites } from 'hap-nodejs';

/**
 * hap-nodejs declares its enums `const`, which `verbatimModuleSyntax` cannot import as values: the few values we
 * use, typed as the enums (the numbers are HAP's, fixed by the protocol).
 */
export const CATEGORY = {
  BRIDGE: 2 as Categories.BRIDGE,
  CAMERA: 17 as Categories.IP_CAMERA,
  VIDEO_DOORBELL: 18 as Categories.VIDEO_DOORBELL,
} as const;

export const H264_PROFILES = [0 as H264Profile.BASELINE, 1 as H264Profile.MAIN, 2 as H264Profile.HIGH];
export const H264_LEVELS = [0 as H264Level.LEVEL3_1, 1 as H264Level.LEVEL3_2, 2 as H264Level.LEVEL4_0];
export const SRTP_AES_CM_128_HMAC_SHA1_80 = 0 as SRTPCryptoSuites.AES_CM_128_HMAC_SHA1_80;
export const ADVERTISER_CIAO = 'ciao' as MDNSAdvertiser.CIAO;

/** Characteristic.ProgrammableSwitchEvent.SINGLE_PRESS (a static number on the class, typed loosely). */
export const SINGLE_PRESS = 0;
