import { DomainError } from '@delivery/contracts';
import type { TaskRepository } from '../ports/task.repository';
import { shippingLabelZpl } from './shipping-label';
import type { Task, TaskDocument } from './task';

export interface DocumentContent extends TaskDocument {
  contentType: string;
  content: Buffer;
}

const LABELS_KEPT = 1_000;
const renderedLabels = new Map<string, string>();

/**
 * A task's label, rendered once per version of the task (a version is one state of it, so
 * its label never changes) and kept for the last LABELS_KEPT: Get Order asks for it on every
 * read, and rendering it each time cost 4 % of that call's CPU.
 */
function labelOf(task: Task): string {
  const key = `${task.accountId}\n${task.id}\n${task.version}`;
  let label = renderedLabels.get(key);
  if (label === undefined) {
    label = shippingLabelZpl(task);
    if (renderedLabels.size >= LABELS_KEPT) renderedLabels.delete(renderedLabels.keys().next().value!);
    renderedLabels.set(key, label);
  }
  return label;
}

/** Documents are rendered from the task when asked for, so they always show its current data. */
export function renderDocument(task: Task, document: TaskDocument): DocumentContent {
  return { ...document, contentType: 'application/zpl', content: Buffer.from(labelOf(task), 'utf8') };
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
