/** The MongoDB suites' helpers (a real server by MONGO_URL, or the double): their own entry, so a suite without MongoDB never loads mongoose. */
export * from './mongo';
export * from './mongo-double';
