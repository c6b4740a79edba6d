/**
 * The life of an app's process: start, then stop cleanly on SIGTERM or SIGINT. A start
 * that fails prints why and exits non-zero, so an orchestrator restarts or reports it.
 */
export function runProcess(name: string, start: () => Promise<{ stop(): Promise<void> }>): void {
  start().then(
    (running) => {
      const stop = () => {
        running.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(`${name} did not stop cleanly:`, error);
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    },
    (error: unknown) => {
      console.error(`${name} failed to start:`, error);
      process.exit(1);
    },
  );
}
