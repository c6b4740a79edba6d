import { DomainError } from '@delivery/contracts';
import type { TaskRepository } from '../ports/task.repository';
import { shippingLabelZpl } from './shipping-label';
import type { Task, TaskDocument } from './task';

export interface DocumentContent extends TaskDocument {
  contentType: string;
  content: Buffer;
}

/** Documents are rendered from the task when asked for, so they always show its current data. */
export function renderDocument(task: Task, document: TaskDocument): DocumentContent {
  return { ...document, contentType: 'application/zpl', content: Buffer.from(shippingLabelZpl(task), 'utf8') };
}

export async function getDocument(
  query: { accountId: string; taskId: string; documentId: string },
  { tasks }: { tasks: TaskRepository },
): Promise<DocumentContent> {
  const task = await tasks.findById(query.accountId, query.taskId);
  const document = task?.documents.find((d) => d.documentId === query.documentId);
  if (!task || !document) {
    throw new DomainError('DOCUMENT_NOT_FOUND', `No document ${query.documentId} for order ${query.taskId}`);
  }
  return renderDocument(task, document);
}
