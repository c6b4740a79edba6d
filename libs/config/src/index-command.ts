/** A store that creates its declared MongoDB indexes when it opens (`createIndexes`, never dropping one). */
export type IndexedStoreOpener = (mongoUrl: string) => Promise<{ close(): Promise<void> }>;

/**
 * An app's `indexes.ts` entry (`npm run db:indexes`, the Kubernetes Job): opens each of its
 * MongoDB stores once, so their declared indexes exist before a rollout, then exits. The app
 * creates the same indexes when it starts; this builds them ahead, while no pod waits.
 */
export async function createDeclaredIndexes(
  app: string,
  stores: Record<string, IndexedStoreOpener>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const url = env.MONGO_URL;
  if (!url) {
    console.error(`${app}: MONGO_URL is not set; the embedded stores need no indexes made ahead`);
    return 2;
  }
  for (const [name, open] of Object.entries(stores)) {
    try {
      await (await open(url)).close();
      console.log(`${app}: the ${name} indexes are in place`);
    } catch (error) {
      console.error(`${app}: could not create the ${name} indexes: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  return 0;
}
