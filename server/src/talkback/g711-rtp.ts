/**
 * G.711 bytes → RTP packets of 20 ms (160 samples at 8 kHz, one byte each): a random SSRC, sequence number and
 * starting timestamp (RFC 3550 §5.1), the timestamp advancing by the samples sent, the marker bit on the first
 * packet of each talk spurt. Bytes short of a whole frame wait for the next chunk.
 */
import { randomInt } from 'node:crypto';

export const FRAME_SAMPLES = 160;
const HEADER_BYTES = 12;

export class G711RtpPacketizer {
  readonly ssrc = randomInt(1, 0xffffffff);
  private sequence = randomInt(0, 0x10000);
  private timestamp = randomInt(0, 0xffffffff);
  private rest: Buffer = Buffer.alloc(0);
  private spurtStart = true;

  constructor(private readonly payloadType: number) {}

  /** The whole 20 ms packets the bytes so far make. */
  packets(chunk: Buffer): Buffer[] {
    const bytes = this.rest.length === 0 ? chunk : Buffer.concat([this.rest, chunk]);
    const out: Buffer[] = [];
    let offset = 0;
    for (; offset + FRAME_SAMPLES <= bytes.length; offset += FRAME_SAMPLES) out.push(this.packet(bytes.subarray(offset, offset + FRAME_SAMPLES)));
    this.rest = Buffer.from(bytes.subarray(offset));
    return out;
  }

  /** A pause in the sound (the button released): the next packet starts a new talk spurt. */
  endSpurt(): void {
    this.rest = Buffer.alloc(0);
    this.spurtStart = true;
  }

  private packet(payload: Buffer): Buffer {
    const packet = Buffer.alloc(HEADER_BYTES + payload.length);
    packet[0] = 0x80; // version 2, no padding, no extension, no CSRC
    packet[1] = (this.spurtStart ? 0x80 : 0) | this.payloadType;
    packet.writeUInt16BE(this.sequence, 2);
    packet.writeUInt32BE(this.timestamp >>> 0, 4);
    packet.writeUInt32BE(this.ssrc, 8);
    payload.copy(packet, HEADER_BYTES);
    this.spurtStart = false;
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + payload.length) >>> 0;
    return packet;
  }
}
