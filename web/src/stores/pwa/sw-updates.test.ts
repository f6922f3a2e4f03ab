import { describe, expect, it, vi } from 'vitest';
import { createSwUpdates, type ContainerLike, type RegistrationLike, type WorkerLike } from './sw-updates';

function fakeWorker(state = 'installing') {
  const listeners: (() => void)[] = [];
  const worker = {
    state,
    postMessage: vi.fn(),
    addEventListener: (_type: 'statechange', listener: () => void) => listeners.push(listener),
    become(next: string) {
      worker.state = next;
      listeners.forEach((listener) => listener());
    },
  };
  return worker satisfies WorkerLike;
}

function fakeRegistration(waiting: WorkerLike | null = null) {
  const listeners: (() => void)[] = [];
  const registration = {
    installing: null as WorkerLike | null,
    waiting,
    addEventListener: (_type: 'updatefound', listener: () => void) => listeners.push(listener),
    found(worker: WorkerLike) {
      registration.installing = worker;
      listeners.forEach((listener) => listener());
    },
  };
  return registration satisfies RegistrationLike;
}

function fakeContainer(controller: unknown) {
  const listeners: (() => void)[] = [];
  return {
    controller,
    addEventListener: (_type: 'controllerchange', listener: () => void) => listeners.push(listener),
    controllerChanged: () => listeners.forEach((listener) => listener()),
  } satisfies ContainerLike & { controllerChanged(): void };
}

describe('service worker updates (spec §4)', () => {
  it('offers a refresh when a new worker installs while an old one controls the page', () => {
    const updates = createSwUpdates(fakeContainer({}), vi.fn());
    const registration = fakeRegistration();
    const changed = vi.fn();
    updates.subscribe(changed);
    updates.watch(registration);
    const worker = fakeWorker();
    registration.found(worker);
    expect(updates.getState().status).toBe('current');
    worker.become('installed');
    expect(updates.getState().status).toBe('updateReady');
    expect(changed).toHaveBeenCalled();
  });

  it('offers nothing on the first install (no controller yet)', () => {
    const updates = createSwUpdates(fakeContainer(null), vi.fn());
    const registration = fakeRegistration();
    updates.watch(registration);
    const worker = fakeWorker();
    registration.found(worker);
    worker.become('installed');
    expect(updates.getState().status).toBe('current');
  });

  it('offers a worker that was already waiting when the page loaded', () => {
    const updates = createSwUpdates(fakeContainer({}), vi.fn());
    updates.watch(fakeRegistration(fakeWorker('installed')));
    expect(updates.getState().status).toBe('updateReady');
  });

  it('Refresh tells the waiting worker to skip waiting and reloads once when the controller changes', () => {
    const container = fakeContainer({});
    const reload = vi.fn();
    const updates = createSwUpdates(container, reload);
    const waiting = fakeWorker('installed');
    updates.watch(fakeRegistration(waiting));
    updates.applyUpdate();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(updates.getState().status).toBe('reloading');
    expect(reload).not.toHaveBeenCalled();
    container.controllerChanged();
    container.controllerChanged();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a controller change nobody asked for (first install claiming the page) does not reload', () => {
    const container = fakeContainer(null);
    const reload = vi.fn();
    createSwUpdates(container, reload);
    container.controllerChanged();
    expect(reload).not.toHaveBeenCalled();
  });

  it('Refresh without a waiting worker does nothing', () => {
    const updates = createSwUpdates(fakeContainer({}), vi.fn());
    updates.applyUpdate();
    expect(updates.getState().status).toBe('current');
  });
});
