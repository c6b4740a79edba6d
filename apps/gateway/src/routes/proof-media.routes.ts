import type { RequestHandler } from 'express';
import { z } from 'zod';
import { DEFAULT_PROOF_MEDIA_POLICY, type AccountReader } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { DomainError } from '@delivery/contracts';
import {
  EXTENSION_OF,
  isMediaKey,
  keyOfRef,
  mediaKey,
  mediaRef,
  pendingMediaKey,
  mediaTypeOf,
  withoutLocation,
  type MediaLinks,
  type ProofMediaStore,
} from '@delivery/proof-media';
import { driverCallerOf } from '../drivers/driver-auth';
import { validate } from '../http/validate';
import { errorPage } from '../tracking/tracking-page';
import { requireMine, taskOfDriver, type TaskDeps } from './driver-tasks.routes';

/** A photo resized on the phone is a few hundred KB; a drawn signature, a few KB. */
export const MAX_PROOF_MEDIA_BYTES = 4 * 1024 * 1024;

const uploadParamsSchema = z.object({ taskId: z.string().min(1).max(200), kind: z.enum(['photo', 'signature']) });

type UploadDeps = TaskDeps & { proofMedia: ProofMediaStore; accounts: Pick<AccountReader, 'getAccount' | 'getFleet'> };

/** The task a driver uploads for: theirs (not one only offered), and the kind of proof. */
async function uploadingFor(deps: UploadDeps, req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) {
  const { taskId, kind } = validate(uploadParamsSchema, req.params);
  const caller = driverCallerOf(res.locals);
  const { task, part } = await taskOfDriver(deps, caller, taskId);
  requireMine(part, taskId);
  return { accountId: caller.driver.accountId, taskId: task.id, kind };
}

/**
 * The checks every upload meets before it is kept as a proof, and where it is then kept: at
 * most 4 MiB, a JPEG or PNG by its own bytes whatever it claims and whole, its location
 * metadata (Exif GPS, XMP) taken out unless the account keeps it, under a key of the
 * account's and the task's. Its name for the completion (`media:…`) and its type.
 */
async function keptAsProof(deps: UploadDeps, to: { accountId: string; taskId: string; kind: 'photo' | 'signature' }, bytes: Buffer) {
  if (bytes.length > MAX_PROOF_MEDIA_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', `A ${to.kind} holds at most 4 MiB`);
  const type = mediaTypeOf(bytes);
  if (!type) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `A ${to.kind} must be a JPEG or PNG image`);
  const stripped = withoutLocation(bytes, type);
  if (!stripped)
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `The ${to.kind} is not a whole ${type} image (cut short, or not what it claims)`);
  const policy = (await deps.accounts.getAccount(to.accountId))?.proofMedia ?? DEFAULT_PROOF_MEDIA_POLICY;
  const key = mediaKey(to.accountId, to.taskId, to.kind, EXTENSION_OF[type]);
  await deps.proofMedia.put(key, policy.keepLocation ? bytes : stripped, type);
  return { media: mediaRef(key), content_type: type };
}

/** A driver's photo or signature for their task, through the gateway (its bytes as the body). */
export function uploadProofMediaRoute(deps: UploadDeps): RequestHandler {
  return async (req, res) => {
    const to = await uploadingFor(deps, req, res);
    res.status(201).json(await keptAsProof(deps, to, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)));
  };
}

/** How long a phone has to PUT its upload to a presigned URL. */
const DIRECT_UPLOAD_TTL_S = 5 * 60;
const directUploadSchema = z.object({ content_type: z.enum(['image/jpeg', 'image/png']) });

/**
 * Where the phone may PUT the proof straight to the store (S3: a presigned URL bound to the
 * key and the type, five minutes), under a `pending-` key no completion may name; null where
 * the store takes uploads only through the gateway. The phone then asks to finish it.
 */
export function directUploadRoute(deps: UploadDeps): RequestHandler {
  return async (req, res) => {
    const to = await uploadingFor(deps, req, res);
    const { content_type: type } = validate(directUploadSchema, req.body);
    const key = pendingMediaKey(to.accountId, to.taskId, to.kind, EXTENSION_OF[type]);
    const url = await deps.proofMedia.uploadUrl(key, type, DIRECT_UPLOAD_TTL_S);
    res.json({ upload_url: url, pending: url ? mediaRef(key) : null });
  };
}

const finishSchema = z.object({ pending: z.string().min(1).max(600) });

/**
 * A direct upload finished: the gateway reads it back, puts it through every check an upload
 * through it meets, keeps it under a proof's key, and removes the pending one (refused or not).
 */
export function finishDirectUploadRoute(deps: UploadDeps): RequestHandler {
  return async (req, res) => {
    const to = await uploadingFor(deps, req, res);
    const key = keyOfRef(validate(finishSchema, req.body).pending);
    const ours = `${to.accountId}/${to.taskId}/pending-${to.kind}-`;
    if (!key || !key.startsWith(ours))
      throw new DomainError('VALIDATION_FAILED', 'Invalid request: pending names no direct upload of this task');
    const uploaded = await deps.proofMedia.get(key);
    if (!uploaded)
      throw new DomainError('VALIDATION_FAILED', 'Invalid request: nothing was uploaded to pending (or it was finished already)');
    try {
      res.status(201).json(await keptAsProof(deps, to, uploaded.bytes));
    } finally {
      await deps.proofMedia.delete(key);
    }
  };
}

const linkQuerySchema = z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(100) });

/**
 * A stored proof, by a link we signed (MediaLinks): anyone holding an unexpired link reads
 * it, nobody else; a wrong, expired or made-up link answers 404 like a missing proof.
 * Served so no browser runs it: its own type, nosniff, no scripts, kept privately until the link expires.
 */
export function serveProofMediaRoute({
  proofMedia,
  mediaLinks,
  clock,
}: {
  proofMedia: ProofMediaStore;
  mediaLinks: MediaLinks;
  clock: Clock;
}): RequestHandler {
  return async (req, res) => {
    const key = ((req.params as { key?: string[] }).key ?? []).join('/');
    const query = linkQuerySchema.safeParse(req.query);
    const now = clock.now();
    const notFound = () => res.status(404).type('html').send(errorPage(404, 'No such proof, or its link has expired.'));
    if (!isMediaKey(key) || !query.success || !mediaLinks.valid(key, query.data.expires, query.data.signature, now)) return notFound();
    const stored = await proofMedia.get(key);
    if (!stored) return notFound();
    const maxAge = Math.max(0, query.data.expires - Math.floor(now.getTime() / 1000));
    res
      .status(200)
      .set({
        'Content-Type': stored.contentType,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': `private, max-age=${maxAge}`,
        'Content-Disposition': 'inline',
      })
      .send(stored.bytes);
  };
}
