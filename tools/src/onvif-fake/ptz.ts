import { escapeXml } from './soap.js';
import type { PtzState } from './types.js';

/** The fake's motor: position, the running continuous move, presets and home; answers of the PTZ service. */

export type PtzAnswer = { body: string } | { fault: string; reason: string };

const clamp = (value: number) => Math.max(-1, Math.min(1, value));
const num = (text: string | undefined) => (text !== undefined && Number.isFinite(Number(text)) ? Number(text) : 0);

const NODE =
  '<tptz:PTZNode token="PTZNode_1" FixedHomePosition="false"><tt:Name>PTZ</tt:Name><tt:SupportedPTZSpaces>' +
  '<tt:ContinuousPanTiltVelocitySpace><tt:URI>http://www.onvif.org/ver10/tptz/PanTiltSpaces/VelocityGenericSpace</tt:URI>' +
  '<tt:XRange><tt:Min>-1</tt:Min><tt:Max>1</tt:Max></tt:XRange><tt:YRange><tt:Min>-1</tt:Min><tt:Max>1</tt:Max></tt:YRange></tt:ContinuousPanTiltVelocitySpace>' +
  '<tt:ContinuousZoomVelocitySpace><tt:URI>http://www.onvif.org/ver10/tptz/ZoomSpaces/VelocityGenericSpace</tt:URI>' +
  '<tt:XRange><tt:Min>-1</tt:Min><tt:Max>1</tt:Max></tt:XRange></tt:ContinuousZoomVelocitySpace></tt:SupportedPTZSpaces>' +
  '<tt:MaximumNumberOfPresets>16</tt:MaximumNumberOfPresets><tt:HomeSupported>true</tt:HomeSupported></tptz:PTZNode>';

const CONFIGURATION =
  '<tptz:PTZConfiguration token="PTZConfig_1"><tt:Name>PTZ</tt:Name><tt:UseCount>2</tt:UseCount><tt:NodeToken>PTZNode_1</tt:NodeToken>' +
  '<tt:DefaultPTZTimeout>PT5S</tt:DefaultPTZTimeout></tptz:PTZConfiguration>';

function vector(pan: number, tilt: number, zoom: number): string {
  return `<tt:PanTilt x="${pan}" y="${tilt}"/><tt:Zoom x="${zoom}"/>`;
}

export class PtzModel {
  readonly state: PtzState = { pan: 0, tilt: 0, zoom: 0, moving: null, presets: [] };
  private home = { pan: 0, tilt: 0, zoom: 0 };
  private nextToken = 1;

  reset(): void {
    Object.assign(this.state, { pan: 0, tilt: 0, zoom: 0, moving: null, presets: [] });
    this.home = { pan: 0, tilt: 0, zoom: 0 };
    this.nextToken = 1;
  }

  private moveTo(pan: number, tilt: number, zoom: number): void {
    Object.assign(this.state, { pan: clamp(pan), tilt: clamp(tilt), zoom: Math.max(0, Math.min(1, zoom)), moving: null });
  }

  answer(action: string, p: Record<string, string>): PtzAnswer | null {
    const s = this.state;
    switch (action) {
      case 'GetNodes':
        return { body: `<tptz:GetNodesResponse>${NODE}</tptz:GetNodesResponse>` };
      case 'GetConfigurations':
        return { body: `<tptz:GetConfigurationsResponse>${CONFIGURATION}</tptz:GetConfigurationsResponse>` };
      case 'GetStatus':
        return {
          body:
            `<tptz:GetStatusResponse><tptz:PTZStatus><tt:Position>${vector(s.pan, s.tilt, s.zoom)}</tt:Position>` +
            `<tt:MoveStatus><tt:PanTilt>${s.moving ? 'MOVING' : 'IDLE'}</tt:PanTilt><tt:Zoom>IDLE</tt:Zoom></tt:MoveStatus>` +
            `<tt:UtcTime>${new Date().toISOString()}</tt:UtcTime></tptz:PTZStatus></tptz:GetStatusResponse>`,
        };
      case 'ContinuousMove':
        s.moving = { pan: num(p.pan), tilt: num(p.tilt), zoom: num(p.zoom) };
        return { body: '<tptz:ContinuousMoveResponse/>' };
      case 'Stop':
        s.moving = null;
        return { body: '<tptz:StopResponse/>' };
      case 'RelativeMove':
        this.moveTo(s.pan + num(p.pan), s.tilt + num(p.tilt), s.zoom + num(p.zoom));
        return { body: '<tptz:RelativeMoveResponse/>' };
      case 'AbsoluteMove':
        this.moveTo(num(p.pan), num(p.tilt), num(p.zoom));
        return { body: '<tptz:AbsoluteMoveResponse/>' };
      case 'GotoHomePosition':
        this.moveTo(this.home.pan, this.home.tilt, this.home.zoom);
        return { body: '<tptz:GotoHomePositionResponse/>' };
      case 'SetHomePosition':
        this.home = { pan: s.pan, tilt: s.tilt, zoom: s.zoom };
        return { body: '<tptz:SetHomePositionResponse/>' };
      default:
        return this.presetAnswer(action, p);
    }
  }

  private presetAnswer(action: string, p: Record<string, string>): PtzAnswer | null {
    const s = this.state;
    const preset = s.presets.find((item) => item.token === p.PresetToken);
    switch (action) {
      case 'GetPresets':
        return {
          body:
            '<tptz:GetPresetsResponse>' +
            s.presets
              .map((item) => `<tptz:Preset token="${escapeXml(item.token)}"><tt:Name>${escapeXml(item.name)}</tt:Name><tt:PTZPosition>${vector(item.pan, item.tilt, item.zoom)}</tt:PTZPosition></tptz:Preset>`)
              .join('') +
            '</tptz:GetPresetsResponse>',
        };
      case 'GotoPreset':
        if (!preset) return { fault: 'ter:NoEntity', reason: 'no such preset' };
        this.moveTo(preset.pan, preset.tilt, preset.zoom);
        return { body: '<tptz:GotoPresetResponse/>' };
      case 'RemovePreset':
        if (!preset) return { fault: 'ter:NoEntity', reason: 'no such preset' };
        s.presets.splice(s.presets.indexOf(preset), 1);
        return { body: '<tptz:RemovePresetResponse/>' };
      case 'SetPreset': {
        const existing = p.PresetToken ? preset : undefined;
        if (p.PresetToken && !existing) return { fault: 'ter:NoEntity', reason: 'no such preset' };
        if (!existing && s.presets.length >= 16) return { fault: 'ter:TooManyPresets', reason: 'preset list full' };
        const token = existing?.token ?? `Preset_${this.nextToken++}`;
        const name = p.PresetName || existing?.name || `Preset ${token}`;
        const item = { token, name, pan: s.pan, tilt: s.tilt, zoom: s.zoom };
        if (existing) Object.assign(existing, item);
        else s.presets.push(item);
        return { body: `<tptz:SetPresetResponse><tptz:PresetToken>${escapeXml(token)}</tptz:PresetToken></tptz:SetPresetResponse>` };
      }
      default:
        return null;
    }
  }
}
