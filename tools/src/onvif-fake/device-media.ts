import { escapeXml } from './soap.js';

/** Answers of the device and media services (Profile S): identity, services, profiles, stream and snapshot URIs. */

export interface DeviceFacts {
  base: string;
  manufacturer: string;
  model: string;
  serialNumber: string;
  streams: { main: string; sub: string };
  mainSize: { width: number; height: number };
  subSize: { width: number; height: number };
  ptz: boolean;
}

export const PROFILES = [
  { token: 'Profile_1', name: 'mainStream', stream: 'main' },
  { token: 'Profile_2', name: 'subStream', stream: 'sub' },
] as const;

function dateTime(at: Date): string {
  return (
    `<tt:Date><tt:Year>${at.getUTCFullYear()}</tt:Year><tt:Month>${at.getUTCMonth() + 1}</tt:Month><tt:Day>${at.getUTCDate()}</tt:Day></tt:Date>` +
    `<tt:Time><tt:Hour>${at.getUTCHours()}</tt:Hour><tt:Minute>${at.getUTCMinutes()}</tt:Minute><tt:Second>${at.getUTCSeconds()}</tt:Second></tt:Time>`
  );
}

function systemDateAndTime(deviceNow: number): string {
  return (
    `<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>Manual</tt:DateTimeType>` +
    `<tt:DaylightSavings>false</tt:DaylightSavings><tt:TimeZone><tt:TZ>UTC0</tt:TZ></tt:TimeZone>` +
    `<tt:UTCDateTime>${dateTime(new Date(deviceNow))}</tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>`
  );
}

function services(f: DeviceFacts): string {
  const service = (namespace: string, path: string, major: number) =>
    `<tds:Service><tds:Namespace>${namespace}</tds:Namespace><tds:XAddr>${f.base}/onvif/${path}</tds:XAddr>` +
    `<tds:Version><tt:Major>${major}</tt:Major><tt:Minor>0</tt:Minor></tds:Version></tds:Service>`;
  return (
    '<tds:GetServicesResponse>' +
    service('http://www.onvif.org/ver10/device/wsdl', 'device_service', 2) +
    service('http://www.onvif.org/ver10/media/wsdl', 'media_service', 2) +
    service('http://www.onvif.org/ver10/events/wsdl', 'events_service', 2) +
    (f.ptz ? service('http://www.onvif.org/ver20/ptz/wsdl', 'ptz_service', 2) : '') +
    '</tds:GetServicesResponse>'
  );
}

function capabilities(f: DeviceFacts): string {
  return (
    '<tds:GetCapabilitiesResponse><tds:Capabilities>' +
    `<tt:Device><tt:XAddr>${f.base}/onvif/device_service</tt:XAddr></tt:Device>` +
    `<tt:Events><tt:XAddr>${f.base}/onvif/events_service</tt:XAddr><tt:WSSubscriptionPolicySupport>false</tt:WSSubscriptionPolicySupport>` +
    '<tt:WSPullPointSupport>true</tt:WSPullPointSupport><tt:WSPausableSubscriptionManagerInterfaceSupport>false</tt:WSPausableSubscriptionManagerInterfaceSupport></tt:Events>' +
    `<tt:Media><tt:XAddr>${f.base}/onvif/media_service</tt:XAddr><tt:StreamingCapabilities><tt:RTPMulticast>false</tt:RTPMulticast>` +
    '<tt:RTP_TCP>true</tt:RTP_TCP><tt:RTP_RTSP_TCP>true</tt:RTP_RTSP_TCP></tt:StreamingCapabilities></tt:Media>' +
    (f.ptz ? `<tt:PTZ><tt:XAddr>${f.base}/onvif/ptz_service</tt:XAddr></tt:PTZ>` : '') +
    '</tds:Capabilities></tds:GetCapabilitiesResponse>'
  );
}

function profile(f: DeviceFacts, p: (typeof PROFILES)[number]): string {
  const size = p.stream === 'main' ? f.mainSize : f.subSize;
  const ptz = f.ptz
    ? '<tt:PTZConfiguration token="PTZConfig_1"><tt:Name>PTZ</tt:Name><tt:UseCount>2</tt:UseCount><tt:NodeToken>PTZNode_1</tt:NodeToken>' +
      '<tt:DefaultContinuousPanTiltVelocitySpace>http://www.onvif.org/ver10/tptz/PanTiltSpaces/VelocityGenericSpace</tt:DefaultContinuousPanTiltVelocitySpace>' +
      '<tt:DefaultPTZTimeout>PT5S</tt:DefaultPTZTimeout></tt:PTZConfiguration>'
    : '';
  return (
    `<trt:Profiles token="${p.token}" fixed="true"><tt:Name>${p.name}</tt:Name>` +
    '<tt:VideoSourceConfiguration token="VideoSourceConfig_1"><tt:Name>VideoSource</tt:Name><tt:UseCount>2</tt:UseCount>' +
    `<tt:SourceToken>VideoSource_1</tt:SourceToken><tt:Bounds x="0" y="0" width="${f.mainSize.width}" height="${f.mainSize.height}"/></tt:VideoSourceConfiguration>` +
    `<tt:VideoEncoderConfiguration token="VideoEncoder_${p.stream}"><tt:Name>${p.name}</tt:Name><tt:UseCount>1</tt:UseCount>` +
    `<tt:Encoding>H264</tt:Encoding><tt:Resolution><tt:Width>${size.width}</tt:Width><tt:Height>${size.height}</tt:Height></tt:Resolution>` +
    '<tt:Quality>5</tt:Quality><tt:RateControl><tt:FrameRateLimit>25</tt:FrameRateLimit><tt:EncodingInterval>1</tt:EncodingInterval>' +
    '<tt:BitrateLimit>2048</tt:BitrateLimit></tt:RateControl><tt:H264><tt:GovLength>50</tt:GovLength><tt:H264Profile>Main</tt:H264Profile></tt:H264>' +
    '<tt:SessionTimeout>PT60S</tt:SessionTimeout></tt:VideoEncoderConfiguration>' +
    `${ptz}</trt:Profiles>`
  );
}

function mediaUri(uri: string, element: 'GetStreamUriResponse' | 'GetSnapshotUriResponse'): string {
  return (
    `<trt:${element}><trt:MediaUri><tt:Uri>${escapeXml(uri)}</tt:Uri><tt:InvalidAfterConnect>false</tt:InvalidAfterConnect>` +
    `<tt:InvalidAfterReboot>false</tt:InvalidAfterReboot><tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:${element}>`
  );
}

/** The answer body for a device or media action, or null when the action is not one of them. */
export function deviceMediaAnswer(action: string, params: Record<string, string>, f: DeviceFacts, deviceNow: number): string | null {
  const profileOf = (token: string | undefined) => PROFILES.find((p) => p.token === token) ?? PROFILES[0];
  switch (action) {
    case 'GetSystemDateAndTime':
      return systemDateAndTime(deviceNow);
    case 'GetDeviceInformation':
      return (
        `<tds:GetDeviceInformationResponse><tds:Manufacturer>${escapeXml(f.manufacturer)}</tds:Manufacturer><tds:Model>${escapeXml(f.model)}</tds:Model>` +
        `<tds:FirmwareVersion>1.0.0</tds:FirmwareVersion><tds:SerialNumber>${escapeXml(f.serialNumber)}</tds:SerialNumber>` +
        '<tds:HardwareId>FAKE-1</tds:HardwareId></tds:GetDeviceInformationResponse>'
      );
    case 'GetServices':
      return services(f);
    case 'GetCapabilities':
      return capabilities(f);
    case 'GetProfiles':
      return `<trt:GetProfilesResponse>${PROFILES.map((p) => profile(f, p)).join('')}</trt:GetProfilesResponse>`;
    case 'GetVideoSources':
      return (
        '<trt:GetVideoSourcesResponse><trt:VideoSources token="VideoSource_1"><tt:Framerate>25</tt:Framerate>' +
        `<tt:Resolution><tt:Width>${f.mainSize.width}</tt:Width><tt:Height>${f.mainSize.height}</tt:Height></tt:Resolution>` +
        '</trt:VideoSources></trt:GetVideoSourcesResponse>'
      );
    case 'GetStreamUri':
      return mediaUri(f.streams[profileOf(params.ProfileToken).stream], 'GetStreamUriResponse');
    case 'GetSnapshotUri':
      return mediaUri(`${f.base}/onvif/snapshot/${profileOf(params.ProfileToken).stream}.jpg`, 'GetSnapshotUriResponse');
    default:
      return null;
  }
}
