function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Whether local time `at` (ms) lies in the window startTime–endTime ("HH:MM", both minutes included). A window whose
 * end is before its start crosses midnight (22:00–06:00); start equal to end means all day.
 */
export function insideWindow(at: number, startTime: string, endTime: string): boolean {
  const date = new Date(at);
  const now = date.getHours() * 60 + date.getMinutes();
  const start = minutesOf(startTime);
  const end = minutesOf(endTime);
  if (start === end) return true;
  return start < end ? now >= start && now <= end : now >= start || now <= end;
}
