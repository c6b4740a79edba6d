import type { Money, PackageCharge } from './task';

export interface Rates {
  currency: string;
  baseCharge: number;
  perKgCharge: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;
const money = (amount: number, currency: string): Money => ({ amount: cents(amount), currency });

/** Each package costs the plan's base charge plus its per-kilogram charge times the package's weight. */
export function packageCharge(weightKg: number, rates: Rates): PackageCharge {
  const base = cents(rates.baseCharge);
  const weight = cents(rates.perKgCharge * weightKg);
  return {
    base: money(base, rates.currency),
    weight: money(weight, rates.currency),
    total: money(base + weight, rates.currency),
  };
}

/** The shipment's charge is the sum of its packages' charges. */
export function shipmentCharge(charges: readonly PackageCharge[], currency: string): PackageCharge {
  const sum = (pick: (c: PackageCharge) => Money) =>
    money(
      charges.reduce((total, c) => total + pick(c).amount, 0),
      currency,
    );
  return { base: sum((c) => c.base), weight: sum((c) => c.weight), total: sum((c) => c.total) };
}
