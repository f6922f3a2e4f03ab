import { z } from 'zod';

/**
 * Issue 20: local object detection. The 80 COCO classes in the order every COCO detector (CenterNet, YOLO) numbers
 * them, spelled as HomeCam shows and stores them (lower case, the COCO names). Rekognition's names map onto these
 * (`objectLabelOf`), so one camera setting serves either detector.
 */
export const OBJECT_LABELS = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light',
  'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow',
  'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie', 'suitcase', 'frisbee',
  'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant', 'bed',
  'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven',
  'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors', 'teddy bear', 'hair drier', 'toothbrush',
] as const;
export type ObjectLabel = (typeof OBJECT_LABELS)[number];

/** What a home needs: people, vehicles, animals. The rest of OBJECT_LABELS is selectable. */
export const DEFAULT_OBJECT_LABELS: readonly ObjectLabel[] = ['person', 'car', 'truck', 'bus', 'motorcycle', 'bicycle', 'dog', 'cat', 'bird'];

/** Labels are free text (a model of your own may know "package"), bounded; COCO's are offered by the UI. */
export const OBJECT_LABEL_MAX = 64;
const labelSchema = z.string().trim().toLowerCase().min(1).max(OBJECT_LABEL_MAX);

export const OBJECT_MIN_SCORE_DEFAULT = 45;
export const OBJECT_MIN_SIZE_DEFAULT = 0.1;

/**
 * `objectDetection` of a camera in config.json. Defaults on read, unknown keys kept (camera.ui's rule).
 * - `active` absent: on exactly when the camera's motion detection (`videoanalysis.active`) is on.
 * - `minScore`: percent (0–100), like `rekognition.confidence`.
 * - `minSize`: the smallest box that counts, in percent of the picture's area (0.1 = a 20×46 box in 640×360).
 * - `zones`: per label, indexes into `videoanalysis.regions`; the label counts only where its box's bottom centre
 *   (where the object stands) is inside one of them. A label without an entry (or an empty list) counts anywhere;
 *   an index without a region is ignored.
 */
export const cameraObjectDetectionSchema = z.looseObject({
  active: z.boolean().optional(),
  labels: z.array(labelSchema).max(100).default([...DEFAULT_OBJECT_LABELS]),
  minScore: z.number().min(0).max(100).default(OBJECT_MIN_SCORE_DEFAULT),
  minSize: z.number().min(0).max(100).default(OBJECT_MIN_SIZE_DEFAULT),
  zones: z
    .record(labelSchema, z.array(z.number().int().min(0).max(99)).max(100))
    .refine((zones) => Object.keys(zones).length <= 100, 'TOO_MANY_LABELS')
    .default({}),
});
export type CameraObjectDetection = z.infer<typeof cameraObjectDetectionSchema>;

export const cameraObjectDetectionDefault = (): CameraObjectDetection => cameraObjectDetectionSchema.parse({});

/** The per-camera field merged into cameraSchema. */
export const cameraObjectDetectionFields = {
  objectDetection: cameraObjectDetectionSchema.default(cameraObjectDetectionDefault),
};

/**
 * Whether the local detector runs for a camera: its own switch; unset, it follows motion detection, unless the
 * camera has Rekognition on (the alternative detector: one detector labels a camera's motion, not two).
 */
export function objectDetectionActive(camera: {
  disable?: boolean | undefined;
  videoanalysis: { active: boolean };
  objectDetection?: { active?: boolean | undefined } | undefined;
  rekognition?: { active: boolean } | undefined;
}): boolean {
  if (camera.disable) return false;
  return camera.objectDetection?.active ?? (camera.videoanalysis.active && !camera.rekognition?.active);
}

/** Rekognition (and other detectors) name things differently; these are the names that differ from COCO's. */
const SYNONYMS: Readonly<Record<string, ObjectLabel>> = {
  human: 'person', people: 'person', man: 'person', woman: 'person', child: 'person', pedestrian: 'person',
  automobile: 'car', sedan: 'car', suv: 'car', 'sports car': 'car', van: 'car', vehicle: 'car',
  pickup: 'truck', 'pickup truck': 'truck', lorry: 'truck', motorbike: 'motorcycle', 'motor scooter': 'motorcycle',
  bike: 'bicycle', puppy: 'dog', kitten: 'cat', 'tv monitor': 'tv', television: 'tv', sofa: 'couch', 'mobile phone': 'cell phone',
};

/** A detector's name in HomeCam's vocabulary: the COCO name where one matches, else the name in lower case. */
export function objectLabelOf(name: string): string {
  const lower = name.trim().toLowerCase().slice(0, OBJECT_LABEL_MAX);
  return (OBJECT_LABELS as readonly string[]).includes(lower) ? lower : (SYNONYMS[lower] ?? lower);
}

/** A box in pixels of the frame it was found in. */
export const objectBoxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type ObjectBox = z.infer<typeof objectBoxSchema>;
