import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp } from '../support/pages.js';

// A dashboard user who may see notifications: the default board is the clock, shortcuts and the latest notifications
// (the camera widget needs cameras:access). No settings:general:edit, so the At Home switch is not asked for.
const USER = { username: 'board', password: 'board-password-1' } as const;
const GAP = 12;
const COLUMNS = 12;

async function openBoard(page: Page, url: string): Promise<void> {
  await signInWithForm(page, url, USER.username, USER.password);
  await expect(page).not.toHaveURL(`${url}/`);
  await page.goto(`${url}/dashboard`);
  await waitForApp(page);
  await expect(page.getByTestId('dashboard-board')).toHaveAttribute('data-mode', /grid|stack/);
}

/** Waits for the next PUT of the layout (the debounced save) to be answered. */
function layoutSaved(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith('/api/dashboard/layout') && response.request().method() === 'PUT' && response.ok());
}

async function gridPosition(widget: Locator): Promise<{ x: string | null; y: string | null }> {
  return { x: await widget.getAttribute('data-grid-x'), y: await widget.getAttribute('data-grid-y') };
}

/** Drags a widget by its handle by whole grid cells, with real mouse moves (react-grid-layout does the rest). */
async function dragByCells(page: Page, widget: Locator, columns: number, rows: number): Promise<void> {
  const board = await page.getByTestId('dashboard-board').boundingBox();
  if (!board) throw new Error('no board');
  const cell = (board.width - GAP * (COLUMNS - 1)) / COLUMNS + GAP;
  const handle = await widget.getByTestId('widget-drag-handle').boundingBox();
  if (!handle) throw new Error('no drag handle');
  const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + cell * columns, start.y + rows * (40 + GAP), { steps: 12 });
  await page.mouse.up();
}

test('the board: add from the drawer, drag survives a reload and a second browser, lock, remove', async ({ page, browser, server, adminApi }) => {
  await adminApi.createUser(USER.username, USER.password, ['dashboard:access', 'notifications:access']);
  await openBoard(page, server.url);
  await expect(page.getByTestId('dashboard-board')).toHaveAttribute('data-mode', 'grid');
  const widgets = page.locator('[data-widget-type]');
  await expect(widgets).toHaveCount(3);
  await expect(page.getByTestId('widget-time')).toHaveAttribute('data-grid-x', '0');
  await expect(page.getByTestId('time-digital')).toHaveText(/\d\d:\d\d/);
  await expect(page.locator('[data-widget-type="camera"]')).toHaveCount(0);

  // Add a second clock from the drawer: it goes under the first one (0, 4).
  await page.getByTestId('dashboard-add').click();
  await expect(page.getByTestId('widget-drawer').getByTestId('widget-add-camera')).toHaveCount(0);
  const added = layoutSaved(page);
  await page.getByTestId('widget-add-time').click();
  await added;
  const clock = page.locator('[data-widget-type="time"]:not([data-testid="widget-time"])');
  await expect(clock).toHaveCount(1);
  expect(await gridPosition(clock)).toEqual({ x: '0', y: '4' });

  // Drag it four columns right, under the shortcuts (the space there is free).
  const dragged = layoutSaved(page);
  await dragByCells(page, clock, 4, 0);
  await dragged;
  await expect(clock).toHaveAttribute('data-grid-x', '4');
  await expect(clock).toHaveAttribute('data-grid-y', '4');

  await page.reload();
  await waitForApp(page);
  await expect(clock).toHaveAttribute('data-grid-x', '4');
  await expect(clock).toHaveAttribute('data-grid-y', '4');

  // Another browser (no localStorage): the board comes from the server.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const second = await other.newPage();
    await openBoard(second, server.url);
    const remote = second.locator('[data-widget-type="time"]:not([data-testid="widget-time"])');
    await expect(remote).toHaveAttribute('data-grid-x', '4');
    await expect(remote).toHaveAttribute('data-grid-y', '4');
    await expect(second.locator('[data-widget-type]')).toHaveCount(4);
  } finally {
    await other.close();
  }

  // Locked: no remove buttons, no drag handles, and a drag on the title moves nothing.
  const locked = layoutSaved(page);
  await page.getByTestId('dashboard-lock').click();
  await locked;
  await expect(page.getByTestId('widget-remove')).toHaveCount(0);
  await expect(page.getByTestId('widget-drag-handle')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-add')).toHaveCount(0);
  const title = await clock.locator('h2').boundingBox();
  if (!title) throw new Error('no title');
  await page.mouse.move(title.x + 10, title.y + 5);
  await page.mouse.down();
  await page.mouse.move(title.x - 300, title.y + 5, { steps: 8 });
  await page.mouse.up();
  expect(await gridPosition(clock)).toEqual({ x: '4', y: '4' });
  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('widget-remove')).toHaveCount(0);

  // Unlocked again, the added clock is removed, and stays removed after a reload.
  await page.getByTestId('dashboard-lock').click();
  const removed = layoutSaved(page);
  await clock.getByTestId('widget-remove').click();
  await removed;
  await expect(clock).toHaveCount(0);
  await page.reload();
  await waitForApp(page);
  await expect(page.locator('[data-widget-type]')).toHaveCount(3);
  await expect(clock).toHaveCount(0);
});

test('widget settings: the clock turns analog and stays so after a reload', async ({ page, server, adminApi }) => {
  await adminApi.createUser(USER.username, USER.password, ['dashboard:access']);
  await openBoard(page, server.url);
  const clock = page.getByTestId('widget-time');
  await clock.getByTestId('widget-settings').click();
  const saved = layoutSaved(page);
  await page.getByTestId('time-mode').selectOption('analog');
  await saved;
  await page.getByTestId('widget-settings-done').click();
  await expect(clock.getByTestId('time-analog')).toBeVisible();
  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('widget-time').getByTestId('time-analog')).toBeVisible();
});

test('on a phone the board is one column in reading order @phone', async ({ page, server, adminApi }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await adminApi.createUser(USER.username, USER.password, ['dashboard:access', 'notifications:access']);
  await openBoard(page, server.url);
  await expect(page.getByTestId('dashboard-board')).toHaveAttribute('data-mode', 'stack');
  await expect(page.getByTestId('widget-drag-handle')).toHaveCount(0);
  const boxes = [];
  for (const id of ['widget-time', 'widget-shortcuts', 'widget-notifications']) {
    const box = await page.getByTestId(id).boundingBox();
    if (!box) throw new Error(`${id} not shown`);
    boxes.push(box);
  }
  const [time, shortcuts, notifications] = boxes as [NonNullable<(typeof boxes)[number]>, NonNullable<(typeof boxes)[number]>, NonNullable<(typeof boxes)[number]>];
  expect(Math.abs(time.x - shortcuts.x)).toBeLessThan(2);
  expect(Math.abs(time.x - notifications.x)).toBeLessThan(2);
  expect(shortcuts.y).toBeGreaterThanOrEqual(time.y + time.height);
  expect(notifications.y).toBeGreaterThanOrEqual(shortcuts.y + shortcuts.height);
  expect(time.width).toBeGreaterThan(300);
});
