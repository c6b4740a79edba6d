import { asText } from './text-format';

describe('admin text output', () => {
  it('prints nested settings and lists of objects in words, never [object Object]', () => {
    const text = asText([
      {
        id: 1,
        carrierCodes: ['OWN', 'SDD'],
        serviceLevels: [],
        connector: { kind: 'rate-card', currency: 'USD', workingHours: { startHour: 8, endHour: 20 } },
        secrets: [
          { id: 'sec_1', createdAt: '2026-11-22T10:00:00.000Z', expiresAt: '2026-11-23T10:00:00.000Z' },
          { id: 'sec_2', createdAt: '2026-11-22T10:00:00.000Z', expiresAt: null },
        ],
      },
    ]);
    expect(text).not.toContain('[object Object]');
    expect(text).toBe(
      [
        'id: 1',
        'carrierCodes: OWN, SDD',
        'serviceLevels: (none)',
        'connector:',
        '  kind: rate-card',
        '  currency: USD',
        '  workingHours:',
        '    startHour: 8',
        '    endHour: 20',
        'secrets:',
        '  - id: sec_1',
        '    createdAt: 2026-11-22T10:00:00.000Z',
        '    expiresAt: 2026-11-23T10:00:00.000Z',
        '  - id: sec_2',
        '    createdAt: 2026-11-22T10:00:00.000Z',
        '    expiresAt: none',
      ].join('\n'),
    );
  });

  it('separates rows by a blank line and says when there are none', () => {
    expect(asText([{ a: 1 }, { a: 2 }])).toBe('a: 1\n\na: 2');
    expect(asText([])).toBe('(none)');
  });
});
