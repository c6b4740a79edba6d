import { packageCharge, shipmentCharge } from './shipping-charge';

describe('shipping charges', () => {
  const rates = { currency: 'USD', baseCharge: 5, perKgCharge: 0.75 };

  it('price a package at base plus weight, to the cent', () => {
    expect(packageCharge(2.333, rates)).toEqual({
      base: { amount: 5, currency: 'USD' },
      weight: { amount: 1.75, currency: 'USD' },
      total: { amount: 6.75, currency: 'USD' },
    });
  });

  it('sum packages into the shipment charge', () => {
    const charges = [packageCharge(1, rates), packageCharge(4, rates)];
    expect(shipmentCharge(charges, 'USD').total).toEqual({ amount: 13.75, currency: 'USD' });
  });
});
