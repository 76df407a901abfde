import { UNITS } from './constants';

export function kgToLb(kg: number): number {
  return kg * UNITS.lbPerKg;
}
export function lbToKg(lb: number): number {
  return lb / UNITS.lbPerKg;
}
export function metersToFeetInches(m: number): { feet: number; inches: number } {
  const totalInches = Math.round(m * UNITS.inPerM);
  return { feet: Math.floor(totalInches / 12), inches: totalInches % 12 };
}
export function feetInchesToMeters(feet: number, inches: number): number {
  return (feet * 12 + inches) / UNITS.inPerM;
}
