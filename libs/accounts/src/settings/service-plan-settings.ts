import type { ServicePlan } from '../account';
import { InvalidSetting } from './invalid-setting';

/** A plan as given: its dispatch policy and requirements, left out, are none on an add and kept on a replace. */
export type ServicePlanSettings = Omit<ServicePlan, 'dispatchPolicy' | 'requirements' | 'revision'> &
  Partial<Pick<ServicePlan, 'dispatchPolicy' | 'requirements'>>;

/** The most a plan charges, per delivery or per kilogram: bounds what a typo can quote. */
export const MAX_PLAN_CHARGE = 1_000_000;

/** Throws InvalidSetting naming what cannot be priced with. */
export function checkServicePlan(plan: ServicePlanSettings): void {
  if (!/^[A-Z]{3}$/.test(plan.currency)) throw new InvalidSetting('currency must be a three-letter code');
  const charges = { 'base charge': plan.baseCharge, 'per-kg charge': plan.perKgCharge };
  for (const [name, charge] of Object.entries(charges)) {
    if (!Number.isFinite(charge) || charge < 0 || charge > MAX_PLAN_CHARGE) {
      throw new InvalidSetting(`the ${name} must be 0 to ${MAX_PLAN_CHARGE}`);
    }
  }
}
