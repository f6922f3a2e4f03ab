import { dashboardLayoutSchema, type DashboardLayout, type DashboardLayoutResponse } from '@homecam/shared';
import type { Clock } from '../lib/clock.js';
import type { DashboardLayoutRepository } from '../repositories/dashboard-layout.repository.js';

export interface DashboardServiceDeps {
  layouts: DashboardLayoutRepository;
  clock: Clock;
}

/** Each user's dashboard board (issue 8). Callers pass the signed-in user's id: nobody reads another's board. */
export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  async layout(userId: number): Promise<DashboardLayoutResponse> {
    const stored = await this.deps.layouts.find(userId);
    if (!stored) return { layout: null, updatedAt: null };
    // Written only after validation, but a row from a newer version (or edited by hand) may no longer parse:
    // the board then starts from the browser's copy or the default instead of failing.
    const parsed = dashboardLayoutSchema.safeParse(parseJson(stored.layout));
    return parsed.success ? { layout: parsed.data, updatedAt: stored.updatedAt } : { layout: null, updatedAt: stored.updatedAt };
  }

  /** The layout already passed dashboardLayoutSchema (the route's body schema). */
  async save(userId: number, layout: DashboardLayout): Promise<DashboardLayoutResponse> {
    const updatedAt = new Date(this.deps.clock.now()).toISOString();
    await this.deps.layouts.save(userId, JSON.stringify(layout), updatedAt);
    return { layout, updatedAt };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
