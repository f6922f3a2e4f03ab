import { describe, expect, it } from 'vitest';
import { cameraSchema, type Camera } from '@homecam/shared';
import { groupByRoom } from './group-by-room';

const camera = (name: string, room?: string): Camera => cameraSchema.parse({ name, room, videoConfig: { source: 'demo:' } });
const names = (groups: ReturnType<typeof groupByRoom>) => groups.map((g) => [g.room, g.cameras.map((c) => c.name)]);

describe('groupByRoom', () => {
  it('follows the room list order, default room first, and leaves out empty rooms', () => {
    const cameras = [camera('Garage', 'Outside'), camera('Hall'), camera('Door', 'Outside'), camera('Kitchen', 'Inside')];
    const rooms = [
      { name: 'Standard', cameras: 1 },
      { name: 'Attic', cameras: 0 },
      { name: 'Inside', cameras: 1 },
      { name: 'Outside', cameras: 2 },
    ];
    expect(names(groupByRoom(cameras, rooms))).toEqual([
      ['Standard', ['Hall']],
      ['Inside', ['Kitchen']],
      ['Outside', ['Garage', 'Door']],
    ]);
  });

  it('matches rooms regardless of case and spaces, naming the group as the list does', () => {
    expect(names(groupByRoom([camera('a', ' garden ')], [{ name: 'Garden', cameras: 1 }]))).toEqual([['Garden', ['a']]]);
  });

  it('groups cameras of rooms the list does not know after the known ones', () => {
    expect(names(groupByRoom([camera('x', 'Shed'), camera('y')], [{ name: 'Standard', cameras: 1 }]))).toEqual([
      ['Standard', ['y']],
      ['Shed', ['x']],
    ]);
    expect(names(groupByRoom([camera('x', 'Shed')]))).toEqual([['Shed', ['x']]]);
  });
});
