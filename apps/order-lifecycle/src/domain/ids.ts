import { randomBytes } from 'node:crypto';

/**
 * Identifier formats. A task id always starts with `tsk_` and a shipment id with `SHP`,
 * so Get Order tells them apart by their shape (docs/decisions.md).
 */
export const TASK_ID_PATTERN = /^tsk_[0-9a-f]{24}$/;

// One draw from the CSPRNG serves many ids: a draw per id cost more than the rest of a create.
// Each byte is used once, so ids stay as unpredictable as separate draws would make them.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;
function randomSlice(bytes: number): Buffer {
  if (used + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += bytes;
  return pool.subarray(used - bytes, used);
}

const hex = (bytes: number) => randomSlice(bytes).toString('hex');

/** `count` decimal digits, uniform: bytes of 250 and above are drawn again so none is favoured. */
function randomDigits(count: number): string {
  let digits = '';
  while (digits.length < count) {
    for (const byte of randomSlice(count - digits.length)) if (byte < 250 && digits.length < count) digits += byte % 10;
  }
  return digits;
}

export const newTaskId = () => `tsk_${hex(12)}`;
export const newShipmentId = () => `SHP${hex(10).toUpperCase()}`;
export const newWayPointId = () => `wp_${hex(10)}`;
export const newPackageId = () => `pkg_${hex(10)}`;
export const newDocumentId = () => `doc_${hex(10)}`;
/** The code a recipient gives the driver when the drop-off requires a PIN. */
/** Six digits: with PIN_ATTEMPTS wrong tries allowed, a guess succeeds one time in 200,000. */
export const newDeliveryPin = () => randomDigits(6);

/** Tracking numbers are what a driver reads and a scanner decodes: 18 digits, no letters. */
export const newTrackingNumber = () => `9${randomDigits(17)}`;

export const isTaskId = (id: string) => TASK_ID_PATTERN.test(id);

/** The secret part of the recipient's tracking page address: 128 random bits, unguessable. */
export const newTrackingToken = () => randomSlice(16).toString('base64url');
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
