import { outsideServiceArea, type ServiceArea } from './service-area';

const area: ServiceArea = {
  postalCodes: [
    { country: 'US', codes: ['10001', '10002'], prefixes: ['112'] },
    { country: 'GB', codes: [], prefixes: ['SW1A'] },
  ],
};

describe('service area', () => {
  it('serves anywhere without one', () => {
    expect(outsideServiceArea(null, { postalCode: '99999', countryCode: 'US' })).toBeNull();
    expect(outsideServiceArea(undefined, null)).toBeNull();
  });

  it('serves listed codes and prefixes of the right country, without case, spaces or dashes', () => {
    expect(outsideServiceArea(area, { postalCode: '10001', countryCode: 'US' })).toBeNull();
    expect(outsideServiceArea(area, { postalCode: '11201', countryCode: 'us' })).toBeNull();
    expect(outsideServiceArea(area, { postalCode: 'sw1a 1aa', countryCode: 'GB' })).toBeNull();
  });

  it('says which postal code is outside, and refuses another country with the same code', () => {
    expect(outsideServiceArea(area, { postalCode: '10003', countryCode: 'US' })).toBe(
      'the fleet does not deliver to postal code 10003 in US',
    );
    expect(outsideServiceArea(area, { postalCode: '10001', countryCode: 'FR' })).toBe(
      'the fleet does not deliver to postal code 10001 in FR',
    );
    expect(outsideServiceArea(area, { postalCode: ' ', countryCode: 'US' })).toMatch(/has no postal code/);
  });
});
