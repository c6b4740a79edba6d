import type { z } from 'zod';
import {
  driverCodeAnswerSchema,
  driverDirectUploadRequestSchema,
  driverDirectUploadSchema,
  driverFinishUploadRequestSchema,
  driverMediaAnswerSchema,
  driverCodeRequestSchema,
  driverSessionSchema,
  driverSignInRequestSchema,
  driverStepAnswerSchema,
  driverTaskAnswerSchema,
  driverTaskListSchema,
  fleetCompleteRequestSchema,
  fleetFailRequestSchema,
  fleetLocationRequestSchema,
  fleetRejectRequestSchema,
} from '@delivery/contracts';
import { PATHS } from '../routes/paths';
import { emptyBody, type Operation } from './operation';

/** A signed-in driver's call. */
const driverOperation = (
  method: Operation['method'],
  path: string,
  summary: string,
  responses: Operation['responses'],
  request?: z.ZodType,
): Operation => ({ method, path, summary, tag: 'Driver app', auth: 'driver', envelope: 'problem', request, responses });

/** A driver's step on a task; the app's queue sends each with an Idempotency-Key of its own. */
const step = (path: string, summary: string, request: z.ZodType = emptyBody) =>
  driverOperation('post', path, summary, { 200: driverStepAnswerSchema }, request);

/** The driver app's API: a fleet's own drivers, signed in on their phones (docs/driver-app.md). */
export const DRIVER_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: PATHS.driverPage,
    summary: 'The driver app (a web page for phones; its API is under /driver/api; open it as /driver/?account=…)',
    tag: 'Driver app',
    auth: 'none',
    envelope: 'page',
    responses: { 200: 'text/html' },
  },
  {
    method: 'post',
    path: PATHS.driverSignInCode,
    summary: 'Ask for a sign-in code by SMS; the same answer whether or not the phone is a driver’s',
    tag: 'Driver app',
    auth: 'none',
    envelope: 'problem',
    request: driverCodeRequestSchema,
    responses: { 202: driverCodeAnswerSchema },
  },
  {
    method: 'post',
    path: PATHS.driverSession,
    summary: 'Sign in with the phone and its one-time code (sets the session cookie of this device)',
    tag: 'Driver app',
    auth: 'none',
    envelope: 'problem',
    request: driverSignInRequestSchema,
    responses: { 200: driverSessionSchema },
  },
  {
    method: 'get',
    path: PATHS.driverSession,
    summary: 'Who is signed in on this device, and the CSRF token of its steps',
    tag: 'Driver app',
    auth: 'driver',
    envelope: 'problem',
    responses: { 200: driverSessionSchema },
  },
  {
    method: 'delete',
    path: PATHS.driverSession,
    summary: 'Sign this device out',
    tag: 'Driver app',
    auth: 'driver',
    envelope: 'problem',
    responses: { 204: null },
  },
  driverOperation('get', PATHS.driverTasks, 'The driver’s tasks under way and those offered to the fleet’s drivers, in route order', {
    200: driverTaskListSchema,
  }),
  driverOperation('get', PATHS.driverTask, 'One task of the driver’s, or offered to them', { 200: driverTaskAnswerSchema }),
  step(PATHS.driverAccept, 'Take an offered task (the first driver to accept has it)'),
  step(PATHS.driverReject, 'Give the task back: it goes to the next fleet the rules allow', fleetRejectRequestSchema),
  step(PATHS.driverStart, 'Set off to the next stop'),
  step(PATHS.driverLocation, 'Where the driver is (sent while on duty)', fleetLocationRequestSchema),
  step(PATHS.driverReturn, 'Bring the packages of a failed drop-off back'),
  step(PATHS.driverArrive, 'Arrived at a stop'),
  step(PATHS.driverComplete, 'Complete a stop, with the proof its drop-off requires', fleetCompleteRequestSchema),
  step(PATHS.driverFail, 'A stop could not be done, with a reason code', fleetFailRequestSchema),
  driverOperation(
    'post',
    PATHS.driverMedia,
    'Upload the proof’s photo or signature (kind photo or signature): the image’s bytes, a JPEG or PNG of at most 4 MiB, its location metadata removed',
    { 201: driverMediaAnswerSchema },
  ),
  driverOperation(
    'post',
    PATHS.driverMediaUploadUrl,
    'Where to PUT the proof straight to the store (a presigned URL, 5 minutes), where it allows; null: upload through the gateway',
    { 200: driverDirectUploadSchema },
    driverDirectUploadRequestSchema,
  ),
  driverOperation(
    'post',
    PATHS.driverMediaFinish,
    'Finish a direct upload: the gateway checks it as it checks its own uploads, and keeps it as the proof',
    { 201: driverMediaAnswerSchema },
    driverFinishUploadRequestSchema,
  ),
  {
    method: 'get',
    path: PATHS.proofMedia,
    summary: 'A stored proof of delivery, by the expiring link Get Order gives (expires and signature in the query)',
    tag: 'Driver app',
    auth: 'none',
    envelope: 'page',
    // A wrong, expired or made-up link: the same 404 as a missing proof.
    responses: { 200: 'application/octet-stream', 404: 'text/html' },
  },
];
