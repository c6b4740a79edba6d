import { checkAgainstOpenApi } from './openapi-responses';

describe('checking answers against the OpenAPI document', () => {
  const getOrder = '/partner-integrations-service/v1/integrations/partner/orders/tsk_1';

  it('refuses an answer the document does not describe, and a status it does not list', () => {
    expect(() => checkAgainstOpenApi('GET', getOrder, 200, 'application/json', { completedShipments: 'none' })).toThrow(/does not match/);
    expect(() => checkAgainstOpenApi('GET', getOrder, 418, 'application/json', {})).toThrow(/does not document status 418/);
  });

  it('takes an error in the envelope the route answers in', () => {
    const notFound = {
      severityType: 'ERROR',
      notifications: [
        { code: '0000', message: 'No order tsk_1', severity: 'ERROR', source: 'delivery-orchestration', errorCode: 'ORDER_NOT_FOUND' },
      ],
      provider: null,
      completedShipments: [],
    };
    expect(() => checkAgainstOpenApi('GET', getOrder, 404, 'application/json; charset=utf-8', notFound)).not.toThrow();
  });
});
