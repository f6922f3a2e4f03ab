/**
 * The last `limit` characters of a child's stderr: enough for an error reason, bounded however much a
 * chatty ffmpeg writes.
 */
export class StderrTail {
  private text = '';
  private truncated = false;

  constructor(private readonly limit: number) {}

  push(chunk: string): void {
    this.text += chunk;
    if (this.text.length > this.limit) {
      this.text = this.text.slice(-this.limit);
      this.truncated = true;
    }
  }

  /** The kept text; a cut-off first line could hold half a secret that redaction no longer recognises: dropped. */
  tail(): string {
    return this.truncated ? this.text.slice(this.text.indexOf('\n') + 1) : this.text;
  }
}
