import type { GetDocumentRequestMessage } from '@delivery/rpc';
import { getDocument } from '../domain/get-document';
import type { TaskRepository } from '../ports/task.repository';

export function getDocumentHandler(deps: { tasks: TaskRepository }) {
  return async (request: GetDocumentRequestMessage) => getDocument(request, deps);
}
