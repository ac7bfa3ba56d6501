import { useEffect, useState } from 'react';

/**
 * The current moment, known only in the browser: prerendered HTML must not freeze a date, so
 * this is null during the build and on the first paint, then set once the page is live.
 */
export function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);
  return now;
}
