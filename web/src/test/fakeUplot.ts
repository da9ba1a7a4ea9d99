// uPlot draws on a canvas, which jsdom has not. Tests that render a chart replace it with this
// stand-in (`vi.mock('uplot', () => import('…/test/fakeUplot'))`), which records what it was
// asked to draw: `FakeUplot.drawn` holds each chart's options and data, newest last.
import type uPlot from 'uplot';

export default class FakeUplot {
  static drawn: { opts: uPlot.Options; data: uPlot.AlignedData; destroyed: boolean }[] = [];
  static paths = { bars: () => () => null };
  static tzDate = (date: Date) => date;

  private readonly entry: (typeof FakeUplot.drawn)[number];

  constructor(opts: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement) {
    this.entry = { opts, data, destroyed: false };
    FakeUplot.drawn.push(this.entry);
    const canvas = document.createElement('div');
    canvas.className = 'fake-uplot';
    target.appendChild(canvas);
  }

  setSize(): void {}

  destroy(): void {
    this.entry.destroyed = true;
  }
}
