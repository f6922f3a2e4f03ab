/**
 * A tiny ONNX model written byte by byte (protobuf wire format, onnx.proto3 field numbers), so the "bring your own
 * model" path is tested without any model download. The graph is a toy YOLOv8-style detector:
 *
 *   images [1, 3, S, S] ─ReduceMax─► m (the brightest value, 0–1 when the input is scaled as YOLO expects)
 *   output [1, 4 + C, N] = base + m × mask
 *
 * `base` holds N fixed candidate boxes with zero scores; `mask` puts m into the score of candidate 0 for class 0.
 * So a white picture yields one detection of label 0 at score 1, a black one nothing: proof that the picture reached
 * the model, scaled to 0–1, and that the output was read in the right layout.
 */

function varint(value: number): number[] {
  const bytes: number[] = [];
  let v = value;
  while (v > 127) {
    bytes.push((v & 127) | 128);
    v = Math.floor(v / 128);
  }
  bytes.push(v);
  return bytes;
}

const key = (field: number, wire: number) => varint(field * 8 + wire);
const int = (field: number, value: number) => [...key(field, 0), ...varint(value)];
const bytes = (field: number, data: number[]) => [...key(field, 2), ...varint(data.length), ...data];
const text = (field: number, value: string) => bytes(field, [...Buffer.from(value, 'utf8')]);

function floats(values: number[]): number[] {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buffer.writeFloatLE(v, i * 4));
  return [...buffer];
}

/** TensorProto: dims (1), data_type (2, FLOAT = 1), name (8), raw_data (9). */
const tensor = (name: string, dims: number[], values: number[]) => [...dims.flatMap((d) => int(1, d)), ...int(2, 1), ...text(8, name), ...bytes(9, floats(values))];

/** ValueInfoProto with a float tensor type of fixed dims. */
function valueInfo(name: string, dims: number[]): number[] {
  const shape = dims.flatMap((d) => bytes(1, int(1, d))); // TensorShapeProto.dim { dim_value }
  const tensorType = [...int(1, 1), ...bytes(2, shape)]; // elem_type FLOAT, shape
  return [...text(1, name), ...bytes(2, bytes(1, tensorType))]; // name, type { tensor_type }
}

/** NodeProto: input (1), output (2), name (3), op_type (4), attribute (5). */
function node(op: string, inputs: string[], outputs: string[], attributes: number[][] = []): number[] {
  return [...inputs.flatMap((i) => text(1, i)), ...outputs.flatMap((o) => text(2, o)), ...text(3, `${op}_${outputs[0]}`), ...text(4, op), ...attributes.flatMap((a) => bytes(5, a))];
}

export interface ToyModel {
  bytes: Uint8Array;
  /** The candidates' boxes [cx, cy, w, h] in input pixels. */
  boxes: [number, number, number, number][];
}

export function toyYoloOnnx(size = 32, classes = 2, boxes: [number, number, number, number][] = [[16, 12, 8, 10], [4, 4, 2, 2]]): ToyModel {
  const n = boxes.length;
  const rows = 4 + classes;
  const base = new Array<number>(rows * n).fill(0);
  boxes.forEach((b, i) => b.forEach((v, f) => (base[f * n + i] = v)));
  const mask = new Array<number>(rows * n).fill(0);
  mask[4 * n + 0] = 1; // class 0's score of candidate 0
  const keepdims = [...text(1, 'keepdims'), ...int(20, 2), ...int(3, 0)]; // AttributeProto name, type INT, i = 0
  const graph = [
    ...bytes(1, node('ReduceMax', ['images'], ['m'], [keepdims])),
    ...bytes(1, node('Mul', ['m', 'mask'], ['scored'])),
    ...bytes(1, node('Add', ['base', 'scored'], ['output'])),
    ...text(2, 'toy-yolo'),
    ...bytes(5, tensor('base', [1, rows, n], base)),
    ...bytes(5, tensor('mask', [1, rows, n], mask)),
    ...bytes(11, valueInfo('images', [1, 3, size, size])),
    ...bytes(12, valueInfo('output', [1, rows, n])),
  ];
  // ModelProto: ir_version (1) = 8, producer_name (2), graph (7), opset_import (8) { domain "", version 13 }
  const model = [...int(1, 8), ...text(2, 'homecam-test'), ...bytes(7, graph), ...bytes(8, [...text(1, ''), ...int(2, 13)])];
  return { bytes: Uint8Array.from(model), boxes };
}
