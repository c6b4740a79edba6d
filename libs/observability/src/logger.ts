import pino, { type DestinationStream, type Logger } from 'pino';
import { traceIds } from './tracing';

/**
 * Paths pino blanks in every line: credentials, tokens and signatures wherever a log call
 * passes a request, a form, headers or a webhook. Redaction is by key, so a value that
 * leaves these keys (in a message string) is the call's own fault; a test greps a full run.
 */
export const REDACTED_PATHS = [
  'authorization',
  'client_secret',
  'clientSecret',
  'access_token',
  'secret',
  'signature',
  'token',
  'password',
  '*.authorization',
  '*.client_secret',
  '*.clientSecret',
  '*.access_token',
  '*.secret',
  '*.signature',
  '*.token',
  '*.password',
  'headers.authorization',
  'headers["webhook-signature"]',
  'headers["x-signature"]',
  '*.headers.authorization',
  '*.headers["webhook-signature"]',
];

/**
 * One JSON line per event on stdout (or `destination`), named by the app. Stdout is written
 * asynchronously: lines logged while a write is under way go out together in the next one,
 * instead of one blocking write per line (a request each); pino flushes what is left at exit.
 */
export function createLogger(app: string, destination?: DestinationStream, level = 'info'): Logger {
  return pino(
    {
      level,
      base: { app },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: pino.stdSerializers.err },
      // The trace a line was written in (trace_id, span_id), when tracing is on; nothing otherwise.
      mixin: traceIds,
    },
    destination ?? stdoutDestination(),
  );
}

/**
 * Stdout, written asynchronously. A reader that went away (`npm start | tee`, ended by the
 * same Ctrl-C as the app) makes every write fail with EPIPE: the lines are lost, and the app
 * must still stop gracefully rather than die of it mid-stop.
 */
function stdoutDestination(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false });
  destination.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  return destination;
}

/**
 * What the apps' code calls (`logger.error('what failed:', error)`), written as pino lines:
 * the text becomes `msg`, an Error becomes `err` with its stack, an object its fields.
 */
export interface AppLogger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
}

export function consoleLike(logger: Logger): AppLogger {
  const write =
    (level: 'error' | 'warn' | 'info') =>
    (...args: unknown[]) => {
      const fields: Record<string, unknown> = {};
      const words: string[] = [];
      for (const arg of args) {
        if (arg instanceof Error) fields.err = arg;
        else if (arg && typeof arg === 'object') Object.assign(fields, arg);
        else words.push(String(arg));
      }
      logger[level](fields, words.join(' ').replace(/:$/, ''));
    };
  return { error: write('error'), warn: write('warn'), info: write('info') };
}
