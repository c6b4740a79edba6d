import { loadNotesProto } from '../load-protos';
import { serveOn } from '../grpc-server';

// A service served as every app serves its own (health included), in a process of its own,
// so a test can pause it and see what its callers see. Prints its port.
serveOn('127.0.0.1:0', loadNotesProto().delivery.v1.Notes.service, { implementation: {} }).then((listening) =>
  console.log(`port ${listening.port}`),
);
