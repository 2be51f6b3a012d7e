/** At most `size` holders at once; the others wait in arrival order. */
export class Semaphore {
  private held = 0;
  private waiting: (() => void)[] = [];

  constructor(private size: number) {}

  get inUse(): number {
    return this.held;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async acquire(): Promise<() => void> {
    if (this.held < this.size) {
      this.held++;
    } else {
      // The releaser hands its slot straight to the next in line.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.held--;
    };
  }
}
