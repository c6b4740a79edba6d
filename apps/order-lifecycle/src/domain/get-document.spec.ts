import { aTask } from '../testing/task.fixture';
import { renderDocument } from './get-document';
import { shippingLabelZpl } from './shipping-label';

describe('a document rendered from its task', () => {
  const labelOf = (task: ReturnType<typeof aTask>) => renderDocument(task, task.documents[0]!).content.toString('utf8');

  it('is the task’s label, the same for every read of one version', () => {
    const task = aTask();
    expect(labelOf(task)).toBe(shippingLabelZpl(task));
    expect(labelOf(structuredClone(task))).toBe(labelOf(task));
  });

  it('shows the task’s data as of its version: a new version is rendered anew', () => {
    const task = aTask();
    const before = labelOf(task);
    const changed = structuredClone(task);
    changed.wayPoints[1]!.party.contact.personName = 'Grace Hopper';
    changed.version += 1;
    expect(labelOf(changed)).toContain('Grace Hopper');
    expect(labelOf(task)).toBe(before);
  });
});
