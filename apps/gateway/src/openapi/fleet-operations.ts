import { z } from 'zod';
import {
  fleetCompleteRequestSchema,
  fleetDriverRequestSchema,
  fleetFailRequestSchema,
  fleetLocationRequestSchema,
  fleetRejectRequestSchema,
  fleetTaskListQuerySchema,
  fleetTaskListResponseSchema,
  fleetTaskResponseSchema,
} from '@delivery/contracts';
import { PATHS } from '../routes/paths';
import { type Operation, emptyBody } from './operation';

/** A fleet's report on its task: each answers with the task as the fleet sees it. */
const fleetAction = (method: Operation['method'], path: string, summary: string, request: z.ZodType = emptyBody): Operation => ({
  method,
  path,
  summary,
  tag: 'Fleet API',
  auth: 'fleet',
  envelope: 'problem',
  request,
  responses: { 200: fleetTaskResponseSchema },
});

/** The fleet API: what a fleet's own app reads and reports. */
export const FLEET_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: PATHS.fleetTasks,
    summary: "The fleet's tasks, a page at a time",
    tag: 'Fleet API',
    auth: 'fleet',
    envelope: 'problem',
    query: fleetTaskListQuerySchema,
    responses: { 200: fleetTaskListResponseSchema },
  },

  {
    method: 'get',
    path: PATHS.fleetTask,
    summary: 'One task of the fleet',
    tag: 'Fleet API',
    auth: 'fleet',
    envelope: 'problem',
    responses: { 200: fleetTaskResponseSchema },
  },

  fleetAction('post', PATHS.fleetAccept, 'Accept a dispatched task'),

  fleetAction('post', PATHS.fleetReject, 'Reject a dispatched task', fleetRejectRequestSchema),

  fleetAction('put', PATHS.fleetDriver, 'Name the driver', fleetDriverRequestSchema),

  fleetAction('post', PATHS.fleetStart, 'Start the task'),

  fleetAction('post', PATHS.fleetLocation, "Report the driver's location and ETAs", fleetLocationRequestSchema),

  fleetAction('post', PATHS.fleetReturn, 'Return the parcel to its pickup'),

  fleetAction('post', PATHS.fleetArrive, 'Arrive at a way point'),

  fleetAction('post', PATHS.fleetComplete, 'Complete a way point, with proof of delivery', fleetCompleteRequestSchema),

  fleetAction('post', PATHS.fleetFail, 'Fail a way point', fleetFailRequestSchema),
];
