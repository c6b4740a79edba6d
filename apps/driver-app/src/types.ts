/** The wire shapes the app reads, from libs/contracts (types only: nothing of it is bundled). */
export type { DriverSessionView, DriverTaskView } from '@delivery/contracts';
export type DriverTask = import('@delivery/contracts').DriverTaskView;
export type WayPoint = DriverTask['way_points'][number];
export type SignedInDriver = import('@delivery/contracts').DriverSessionView['driver'];
