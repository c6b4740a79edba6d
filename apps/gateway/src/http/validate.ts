import type { z } from 'zod';
import { DomainError } from '@delivery/contracts';

const MAX_LISTED_PROBLEMS = 10;

/** Parses a request part with its contract schema; every problem is named, with its path. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(body)'}: ${issue.message}`);
  throw new DomainError('VALIDATION_FAILED', `Invalid request: ${problems.join('; ')}`);
}
