/** The `weightUnits` we accept (spec 2.8 leaves them open; docs/decisions.md). */
export const WEIGHT_UNITS = ['KG', 'LB', 'G', 'OZ'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

const KG_PER_UNIT: Record<WeightUnit, number> = { KG: 1, LB: 0.45359237, G: 0.001, OZ: 0.028349523125 };

/** Weights are kept in kilograms, to the gram. */
export function toKilograms(value: number, unit: WeightUnit): number {
  return Math.round(value * KG_PER_UNIT[unit] * 1000) / 1000;
}
