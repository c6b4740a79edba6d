/** A proto TimeWindow as the spec writes windows (`start_time`, `end_time`). */
export const timeWindow = (window: { startTime: string; endTime: string } | null) => ({
  start_time: window?.startTime ?? '',
  end_time: window?.endTime ?? '',
});
