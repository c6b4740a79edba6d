import { randomBytes, randomInt } from 'node:crypto';

/**
 * Identifier formats. A task id always starts with `tsk_` and a shipment id with `SHP`,
 * so Get Order tells them apart by their shape (docs/decisions.md).
 */
export const TASK_ID_PATTERN = /^tsk_[0-9a-f]{24}$/;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export const newTaskId = () => `tsk_${hex(12)}`;
export const newShipmentId = () => `SHP${hex(10).toUpperCase()}`;
export const newWayPointId = () => `wp_${hex(10)}`;
export const newPackageId = () => `pkg_${hex(10)}`;
export const newDocumentId = () => `doc_${hex(10)}`;

/** Tracking numbers are what a driver reads and a scanner decodes: 18 digits, no letters. */
export const newTrackingNumber = () => `9${Array.from({ length: 17 }, () => randomInt(10)).join('')}`;

export const isTaskId = (id: string) => TASK_ID_PATTERN.test(id);

/** The secret part of the recipient's tracking page address: 128 random bits, unguessable. */
export const newTrackingToken = () => randomBytes(16).toString('base64url');
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
