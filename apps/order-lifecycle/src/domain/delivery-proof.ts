import { DomainError, REQUIREMENT_WORDS, type DeliveryRequirement } from '@delivery/contracts';
import { MEDIA_REF, isPendingKey, keyOfRef } from '@delivery/proof-media';
import type { CompletionEvidence, ProofOfDelivery, Task } from './task';

/** Whole years from a `YYYY-MM-DD` birth date to the UTC date of `at`. */
export function ageOn(birthDate: string, at: string): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const on = new Date(at);
  const hadBirthday = on.getUTCMonth() + 1 > month || (on.getUTCMonth() + 1 === month && on.getUTCDate() >= day);
  return on.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

/** Wrong PINs a drop-off takes; at the last, the PIN is locked and the drop-off can only be failed. */
export const PIN_ATTEMPTS = 5;

const pinLocked = (task: Task) =>
  new DomainError(
    'PROOF_REQUIRED',
    `The drop-off of task ${task.id} cannot be completed: its PIN was given wrong ${PIN_ATTEMPTS} times and is locked; ` +
      'fail the drop-off with reason_code id_check_failed (the account is told of every wrong PIN)',
  );

/**
 * A PIN given for a drop-off that requires one, judged before anything else: null when it
 * matches (or none is required or given), else the wrong try to record (its count, whether it
 * locks the PIN) with the refusal to answer. A locked PIN refuses every completion, the right
 * PIN included: otherwise the lock would only slow guessing down.
 */
export function wrongPin(
  task: Task,
  evidence: CompletionEvidence | null,
): { failures: number; locked: boolean; refusal: DomainError } | null {
  if (!task.requirements?.kinds.includes('pin') || !task.pin || !evidence) return null;
  const failures = task.pinFailures ?? 0;
  if (failures >= PIN_ATTEMPTS) throw pinLocked(task);
  if (!evidence.pin || evidence.pin === task.pin) return null;
  const locked = failures + 1 >= PIN_ATTEMPTS;
  const refusal = locked
    ? pinLocked(task)
    : new DomainError(
        'PROOF_REQUIRED',
        `The drop-off of task ${task.id} cannot be completed: the PIN given does not match (${failures + 1} of ${PIN_ATTEMPTS} wrong tries; then it is locked)`,
      );
  return { failures: failures + 1, locked, refusal };
}

/** Whether the proof meets one requirement of the task, or why not in words naming the field to send. */
function meets(
  kind: DeliveryRequirement,
  task: Task,
  proof: ProofOfDelivery | null,
  evidence: CompletionEvidence,
  at: string,
): string | null {
  switch (kind) {
    case 'signature':
      return proof?.signatureUrl ? null : `${REQUIREMENT_WORDS.signature} (proof_of_delivery.signature_url)`;
    case 'photo':
      return proof?.photoUrl ? null : `${REQUIREMENT_WORDS.photo} (proof_of_delivery.photo_url)`;
    case 'pin':
      if (!evidence.pin) return `${REQUIREMENT_WORDS.pin} (proof_of_delivery.pin)`;
      return evidence.pin === task.pin ? null : "the recipient's PIN: the PIN given does not match";
    case 'id_check':
      return evidence.idChecked ? null : `${REQUIREMENT_WORDS.id_check} (proof_of_delivery.id_checked: true)`;
    case 'minimum_age': {
      const minimum = task.requirements?.minimumAge ?? 0;
      if (!evidence.recipientBirthDate)
        return `the recipient's birth date from their ID, who must be ${minimum} or older (proof_of_delivery.recipient_birth_date)`;
      return ageOn(evidence.recipientBirthDate, at) >= minimum
        ? null
        : `a recipient aged ${minimum} or older: the birth date given is under ${minimum}; fail the drop-off with reason_code age_check_failed`;
    }
    case 'barcode_scan': {
      const unscanned = task.packages.filter((p) => !evidence.barcodes.includes(p.trackingNumber)).map((p) => p.trackingNumber);
      return unscanned.length === 0
        ? null
        : `${REQUIREMENT_WORDS.barcode_scan}: not scanned ${unscanned.join(', ')} (proof_of_delivery.barcodes)`;
    }
  }
}

/**
 * The drop-off's proof with what it verified, or a refusal naming every requirement it does
 * not meet. Evidence is null when a courier network completed it, whose own app enforced the
 * requirements we sent it: nothing is claimed verified here.
 */
export function provenDropoff(
  task: Task,
  proof: ProofOfDelivery | null,
  evidence: CompletionEvidence | null,
  at: string,
): ProofOfDelivery | null {
  const required = task.requirements?.kinds ?? [];
  if (!evidence || required.length === 0) return proof;
  const missing = required.map((kind) => meets(kind, task, proof, evidence, at)).filter((why): why is string => why !== null);
  if (missing.length > 0) {
    throw new DomainError('PROOF_REQUIRED', `The drop-off of task ${task.id} cannot be completed without ${missing.join('; ')}`);
  }
  const base = proof ?? { recipientName: null, signatureUrl: null, photoUrl: null, note: null };
  return { ...base, verified: required, ...(evidence.barcodes.length > 0 && { barcodes: evidence.barcodes }) };
}

/**
 * A proof naming a stored photo or signature (`media:…`, the driver app's upload) may name
 * only one stored for this task of this account, and checked by the gateway (not one still
 * pending from a direct upload): another task's would show its recipient's door on this
 * one's Get Order. A fleet's own URL is taken as it comes.
 */
export function requireOwnMedia(task: Task, proof: ProofOfDelivery | null): void {
  for (const [field, url] of [
    ['photo_url', proof?.photoUrl],
    ['signature_url', proof?.signatureUrl],
  ] as const) {
    if (!url?.startsWith(MEDIA_REF)) continue;
    const key = keyOfRef(url);
    if (!key?.startsWith(`${task.accountId}/${task.id}/`) || isPendingKey(key)) {
      throw new DomainError('VALIDATION_FAILED', `Invalid request: proof_of_delivery.${field} names no upload of task ${task.id}`);
    }
  }
}
