import { driverCodeAnswerSchema, driverCodeRequestSchema, driverSessionSchema, driverSignInRequestSchema } from '@delivery/contracts';
import { PATHS } from '../routes/paths';
import type { Operation } from './operation';

/** The driver app's API: a fleet's own drivers, signed in on their phones (docs/driver-app.md). */
export const DRIVER_OPERATIONS: Operation[] = [
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
];
