import { randomBytes } from 'node:crypto';
import { scryptHash, verifyScryptHash } from './scrypt-hash';

/**
 * People choose passwords, so unlike a client secret (256 random bits, a keyed SHA-256
 * suffices) a password needs a slow, memory-hard hash. scrypt with N=2^15, r=8, p=3 is
 * one of OWASP's recommended settings; it runs on libuv's pool, not the event loop.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/** `scrypt$N$r$p$salt$hash`; the same password typed on any keyboard is the same text (NFC). */
export const hashPassword = (password: string) => scryptHash(password.normalize('NFC'), PARAMS, KEY_LENGTH);

/** Compares in constant time; a malformed stored hash never matches. */
export const verifyPassword = (password: string, stored: string) => verifyScryptHash(password.normalize('NFC'), stored);

/** A hash of a password no one knows: checked against when no user has the given email, so both take as long. */
export const UNKNOWN_USER_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;

/** 18 random bytes, URL-safe: for a first owner the operator hands over once. */
export const generatePassword = () => randomBytes(18).toString('base64url');
