import { z } from 'zod';
import type { HttpClient } from './http-client';

const talkAvailabilitySchema = z.object({ available: z.boolean() });

/** Whether the camera has an audio backchannel to talk through (the server asks the camera once and remembers). */
export async function getTalkAvailability(http: HttpClient, camera: string, signal?: AbortSignal): Promise<boolean> {
  const body = await http.request(`/cameras/${encodeURIComponent(camera)}/talk`, { schema: talkAvailabilitySchema, signal });
  return body.available;
}
