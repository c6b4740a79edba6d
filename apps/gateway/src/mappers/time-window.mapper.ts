import { toTimeWindowView, type TimeWindow } from '@delivery/contracts';

/** A proto TimeWindow as the spec writes windows (`start_time`, `end_time`); an absent one as empty times. */
export const timeWindow = (window: TimeWindow | null) => toTimeWindowView(window ?? { startTime: '', endTime: '' });
