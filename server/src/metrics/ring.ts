/** A fixed-size ring: pushing beyond the capacity overwrites the oldest item. Memory stays bounded forever. */
export class Ring<T> {
  private readonly items: (T | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('ring capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  /** Oldest first. */
  toArray(): T[] {
    const start = (this.next - this.count + this.capacity) % this.capacity;
    const out: T[] = [];
    for (let i = 0; i < this.count; i += 1) out.push(this.items[(start + i) % this.capacity] as T);
    return out;
  }

  latest(): T | undefined {
    return this.count === 0 ? undefined : this.items[(this.next - 1 + this.capacity) % this.capacity];
  }
}
