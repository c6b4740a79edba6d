import { startTracing } from '@delivery/observability/tracing';

// Its own module, imported first by main.ts: the instrumentations must patch the drivers before anything loads them.
startTracing('gateway');
