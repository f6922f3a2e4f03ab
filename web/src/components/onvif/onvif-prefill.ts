import type { OnvifInspectResult } from '@homecam/shared';
import type { FormValues } from '../camera-settings/camera-form';

/** The add-camera form's fields from a camera's ONVIF profiles (only those it answered). */
export function onvifPrefill(result: OnvifInspectResult, name: string | null): FormValues {
  const values: FormValues = {
    name: name ?? result.name,
    'videoConfig.source': result.source,
    'onvif.url': result.onvif.url ?? '',
    'onvif.ptz': result.onvif.ptz,
  };
  if (result.subSource) values['videoConfig.subSource'] = result.subSource;
  if (result.stillImageSource) values['videoConfig.stillImageSource'] = result.stillImageSource;
  if (result.manufacturer) values.manufacturer = result.manufacturer;
  if (result.model) values.model = result.model;
  if (result.serialNumber) values.serialNumber = result.serialNumber;
  return values;
}
