/**
 * Opus packets out of ffmpeg's Ogg stream (RFC 7845): pages are cut at the capture pattern, packets reassembled
 * from the lacing values (a packet may span pages), the two header packets (OpusHead, OpusTags) dropped.
 */
export class OggOpusReader {
  private buffer: Buffer = Buffer.alloc(0);
  /** The start of a packet continued on the next page. */
  private partial: Buffer[] = [];

  /** Feeds stdout bytes; returns the complete audio packets they finished. */
  push(chunk: Buffer): Buffer[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const packets: Buffer[] = [];
    for (;;) {
      const start = this.buffer.indexOf('OggS');
      if (start < 0) {
        this.buffer = this.buffer.subarray(Math.max(0, this.buffer.length - 3));
        return packets;
      }
      if (start > 0) this.buffer = this.buffer.subarray(start);
      if (this.buffer.length < 27) return packets;
      const segments = this.buffer[26]!;
      const headerLength = 27 + segments;
      if (this.buffer.length < headerLength) return packets;
      const lacing = this.buffer.subarray(27, headerLength);
      const bodyLength = lacing.reduce((sum, value) => sum + value, 0);
      if (this.buffer.length < headerLength + bodyLength) return packets;
      if ((this.buffer[5]! & 0x01) === 0) this.partial = []; // not a continuation: a half packet before was lost
      let pos = headerLength;
      for (const value of lacing) {
        this.partial.push(this.buffer.subarray(pos, pos + value));
        pos += value;
        if (value < 255) {
          const packet = Buffer.concat(this.partial);
          this.partial = [];
          if (!isHeader(packet)) packets.push(packet);
        }
      }
      this.buffer = this.buffer.subarray(headerLength + bodyLength);
    }
  }
}

function isHeader(packet: Buffer): boolean {
  const magic = packet.subarray(0, 8).toString('latin1');
  return magic === 'OpusHead' || magic === 'OpusTags' || packet.length === 0;
}

/** Frame length in 48 kHz samples per TOC configuration (RFC 6716 3.1): SILK 10/20/40/60 ms, hybrid 10/20, CELT 2.5/5/10/20. */
function frameSamples(config: number): number {
  if (config < 12) return [480, 960, 1920, 2880][config % 4]!;
  if (config < 16) return [480, 960][config % 2]!;
  return [120, 240, 480, 960][config % 4]!;
}

/** Duration of an Opus packet in 48 kHz samples (the RTP clock of Opus whatever the input rate). */
export function opusSamples(packet: Buffer): number {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code === 3 ? (packet[1] ?? 0) & 0x3f : 2;
  return frames * frameSamples(toc >> 3);
}
