import { describe, expect, it } from 'vitest';
import { activeFilterCount, EMPTY_FILTERS, filtersFromSearch, filtersToQuery, filtersToSearch, matchesFilters } from './event-filters';

describe('event filters ↔ query strings', () => {
  it('writes lists comma separated and days as days in the page URL, and reads them back', () => {
    const filters = { ...EMPTY_FILTERS, cameras: ['Front door', 'Garden'], types: ['motion'], from: '2026-01-02', to: '2026-01-05' };
    const search = filtersToSearch(filters);
    expect(search).toBe('?cameras=Front+door%2CGarden&types=motion&from=2026-01-02&to=2026-01-05');
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('leaves out empty filters', () => {
    expect(filtersToSearch(EMPTY_FILTERS)).toBe('');
    expect(filtersToQuery(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersFromSearch('')).toEqual(EMPTY_FILTERS);
  });

  it('reads repeated and comma separated values, drops duplicates, blanks and malformed days', () => {
    const filters = filtersFromSearch('?rooms=A,B&rooms=B&rooms=%20&from=yesterday&to=2026-02-30x&labels=doorbell');
    expect(filters.rooms).toEqual(['A', 'B']);
    expect(filters.labels).toEqual(['doorbell']);
    expect(filters.from).toBeNull();
    expect(filters.to).toBeNull();
  });

  it('sends the API the first and last millisecond of the local days', () => {
    const query = filtersToQuery({ ...EMPTY_FILTERS, rooms: ['Hall'], from: '2026-03-01', to: '2026-03-02' });
    expect(query.get('rooms')).toBe('Hall');
    expect(query.get('from')).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).toISOString());
    expect(query.get('to')).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
  });

  it('counts the active filters', () => {
    expect(activeFilterCount({ ...EMPTY_FILTERS, cameras: ['a', 'b'], from: '2026-01-01' })).toBe(3);
  });

  it('tells whether a live item passes', () => {
    const at = new Date(2026, 0, 2, 12).toISOString();
    const item = { camera: 'Garden', room: 'Outside', type: 'motion', at };
    expect(matchesFilters(EMPTY_FILTERS, item)).toBe(true);
    expect(matchesFilters({ ...EMPTY_FILTERS, cameras: ['Garden'] }, item)).toBe(true);
    expect(matchesFilters({ ...EMPTY_FILTERS, cameras: ['Hall'] }, item)).toBe(false);
    expect(matchesFilters({ ...EMPTY_FILTERS, types: ['doorbell'] }, item)).toBe(false);
    expect(matchesFilters({ ...EMPTY_FILTERS, from: '2026-01-02', to: '2026-01-02' }, item)).toBe(true);
    expect(matchesFilters({ ...EMPTY_FILTERS, to: '2026-01-01' }, item)).toBe(false);
  });
});
