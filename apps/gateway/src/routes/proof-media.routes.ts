import type { RequestHandler } from 'express';
import { z } from 'zod';
import { DEFAULT_PROOF_MEDIA_POLICY, type AccountReader } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { DomainError } from '@delivery/contracts';
import {
  EXTENSION_OF,
  isMediaKey,
  mediaKey,
  mediaRef,
  mediaTypeOf,
  withoutLocation,
  type MediaLinks,
  type ProofMediaStore,
} from '@delivery/proof-media';
import { driverCallerOf } from '../drivers/driver-auth';
import { validate } from '../http/validate';
import { errorPage } from '../tracking/tracking-page';
import { taskOfDriver, type TaskDeps } from './driver-tasks.routes';

/** A photo resized on the phone is a few hundred KB; a drawn signature, a few KB. */
export const MAX_PROOF_MEDIA_BYTES = 4 * 1024 * 1024;

const uploadParamsSchema = z.object({ taskId: z.string().min(1).max(200), kind: z.enum(['photo', 'signature']) });

/**
 * A driver's photo or signature for their task, through the gateway: at most 4 MiB, a JPEG
 * or PNG by its own bytes whatever it claims and whole, its location metadata (Exif GPS, XMP)
 * taken out unless the account keeps it, stored under a key of the account's and the task's. The answer names it
 * (`media:…`) for the completion's `photo_url` or `signature_url`.
 */
export function uploadProofMediaRoute(
  deps: TaskDeps & { proofMedia: ProofMediaStore; accounts: Pick<AccountReader, 'getAccount' | 'getFleet'> },
): RequestHandler {
  const { proofMedia, accounts } = deps;
  return async (req, res) => {
    const { taskId, kind } = validate(uploadParamsSchema, req.params);
    const caller = driverCallerOf(res.locals);
    const { task, part } = await taskOfDriver(deps, caller, taskId);
    if (part !== 'mine') throw new DomainError('ILLEGAL_TRANSITION', `Task ${taskId} is not yours yet: accept it first`);
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const type = mediaTypeOf(bytes);
    if (!type) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `A ${kind} must be a JPEG or PNG image`);
    const stripped = withoutLocation(bytes, type);
    if (!stripped)
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `The ${kind} is not a whole ${type} image (cut short, or not what it claims)`);
    const policy = (await accounts.getAccount(caller.driver.accountId))?.proofMedia ?? DEFAULT_PROOF_MEDIA_POLICY;
    const key = mediaKey(caller.driver.accountId, task.id, kind, EXTENSION_OF[type]);
    await proofMedia.put(key, policy.keepLocation ? bytes : stripped, type);
    res.status(201).json({ media: mediaRef(key), content_type: type });
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
