import type { Page } from '@playwright/test';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

interface DrawnText {
  text: string;
  x: number;
  y: number;
  width: number;
  align: string;
  canvas: number;
}

/**
 * Records what the charts draw as text now (uPlot draws its axis labels on canvas): text, place, measured width.
 * A canvas cleared whole starts over (a redraw), so what is kept is each canvas's last picture.
 */
async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const byCanvas = new Map<HTMLCanvasElement, DrawnText[]>();
    let next = 1;
    const ids = new WeakMap<HTMLCanvasElement, number>();
    const idOf = (canvas: HTMLCanvasElement): number => {
      if (!ids.has(canvas)) ids.set(canvas, next++);
      return ids.get(canvas) ?? 0;
    };
    (window as unknown as { drawnText: () => DrawnText[] }).drawnText = () => [...byCanvas.values()].flat();
    const prototype = CanvasRenderingContext2D.prototype;
    // Read off the prototype's property descriptors: the originals are called with the context they belong to.
    const clearRect = Object.getOwnPropertyDescriptor(prototype, 'clearRect')?.value as (this: CanvasRenderingContext2D, ...args: number[]) => void;
    prototype.clearRect = function (x: number, y: number, width: number, height: number) {
      if (x <= 0 && y <= 0 && width >= this.canvas.width && height >= this.canvas.height) byCanvas.set(this.canvas, []);
      clearRect.call(this, x, y, width, height);
    };
    const fillText = Object.getOwnPropertyDescriptor(prototype, 'fillText')?.value as (this: CanvasRenderingContext2D, text: string, ...args: number[]) => void;
    prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
      const point = this.getTransform().transformPoint({ x, y });
      const entry = { text, x: point.x, y: point.y, width: this.measureText(text).width * this.getTransform().a, align: this.textAlign, canvas: idOf(this.canvas) };
      byCanvas.set(this.canvas, [...(byCanvas.get(this.canvas) ?? []), entry]);
      if (maxWidth === undefined) fillText.call(this, text, x, y);
      else fillText.call(this, text, x, y, maxWidth);
    };
  });
}

/** Pairs of neighbouring time labels (one chart, one row) that touch or overlap. */
function crowded(texts: DrawnText[]): string[] {
  const times = texts.filter((t) => /^\d{1,2}[:.]\d{2}/.test(t.text));
  const rows = new Map<string, DrawnText[]>();
  for (const t of times) rows.set(`${t.canvas}@${Math.round(t.y)}`, [...(rows.get(`${t.canvas}@${Math.round(t.y)}`) ?? []), t]);
  const problems: string[] = [];
  for (const row of rows.values()) {
    const boxes = row.map((t) => ({ t, left: t.align === 'center' ? t.x - t.width / 2 : t.align === 'right' ? t.x - t.width : t.x })).sort((a, b) => a.left - b.left);
    for (let i = 1; i < boxes.length; i++) {
      const before = boxes[i - 1]!;
      const gap = boxes[i]!.left - (before.left + before.t.width);
      if (gap < 8) problems.push(`${before.t.text} | ${boxes[i]!.t.text} (gap ${gap.toFixed(1)} px)`);
    }
  }
  return problems;
}

test('on a 1366×768 desktop the charts\' time labels keep apart', async ({ page, server, adminApi: _admin }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await recordCanvasText(page);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/utilization`);
  await expect(page.getByTestId('utilization-chart-cpu').locator('canvas')).toBeVisible();
  // A few samples in: the axis spans seconds, where the labels carry seconds and are widest.
  await expect(page.getByTestId('utilization-cpu-now')).toContainText(/\d/, { timeout: 20_000 });
  const texts = await page.evaluate(() => (window as unknown as { drawnText: () => DrawnText[] }).drawnText());
  expect(texts.filter((t) => /^\d{1,2}[:.]\d{2}/.test(t.text)).length, 'time labels drawn').toBeGreaterThan(3);
  expect(crowded(texts)).toEqual([]);
});
