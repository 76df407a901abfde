import { useMediaQuery } from '../../ui/useMediaQuery';

/** The member asked for less motion: the orbits and the face changes stand still. */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
