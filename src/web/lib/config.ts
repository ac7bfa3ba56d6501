import { queryOptions } from '@tanstack/react-query';
import { formatDayAndTime, todayIn } from '../../shared/dates';
import { api } from './api';
import { dateText } from './format';
import { configKey } from './query-keys';

export interface PublicConfig {
  google: boolean;
  /** The business time zone (APP_TIME_ZONE): the day the server stamps on an entry. */
  timeZone: string;
}

export const configQuery = queryOptions({
  queryKey: configKey,
  queryFn: () => api<{ data: PublicConfig }>('GET', '/api/config').then((r) => r.data),
  staleTime: Infinity,
});

/** The business day, as people read it ('22 November 2026'); the default zone until the config is known. */
export function businessDayText(config: PublicConfig | undefined, now: Date = new Date()): string {
  return dateText(todayIn(config?.timeZone ?? 'Asia/Dhaka', now));
}

/** A moment the server stamped (ISO), as people in the business time zone read it ('26 November 2026, 21:05'). */
export function businessTimeText(config: PublicConfig | undefined, iso: string): string {
  return formatDayAndTime(new Date(iso), config?.timeZone ?? 'Asia/Dhaka');
}
