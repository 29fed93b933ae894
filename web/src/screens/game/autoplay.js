// A replay plays itself: ▶ steps the history from the start (or from the point on
// screen) at a speed, one move a second at 1×, and stops at the tip; ⏸, a scrub or
// leaving the game stops it. Part of the game screen's controller (its `autoplay`).

export class Autoplay {
  /** @param {{scrubSeq: number | null, disposed: boolean, hooks: {draw: () => unknown}}} ctl the screen's controller */
  constructor(ctl) {
    this.ctl = ctl;
    /** @type {ReturnType<typeof setTimeout> | null} the next step, while it plays */
    this.timer = null;
    this.speed = 1;
  }

  /** ▶/⏸, from the start when it is at the tip.
   * @param {{seq: number}} snap the position the controls were drawn for */
  toggle(snap) {
    if (this.timer !== null) this.stop();
    else {
      if (this.ctl.scrubSeq === null) this.ctl.scrubSeq = 0;
      this.tick(snap);
    }
    this.ctl.hooks.draw();
  }

  /** @param {{seq: number}} snap */
  tick(snap) {
    const ctl = this.ctl;
    this.timer = setTimeout(() => {
      if (ctl.disposed) return;
      const next = (ctl.scrubSeq ?? snap.seq) + 1;
      ctl.scrubSeq = next >= snap.seq ? null : next;
      if (ctl.scrubSeq === null) this.timer = null;
      else this.tick(snap);
      ctl.hooks.draw();
    }, 1000 / this.speed);
  }

  stop() {
    clearTimeout(this.timer ?? undefined);
    this.timer = null;
  }
}
