// The 17 boxes of the constat amiable's « Circonstances » column, as printed on the form, one
// list per vehicle; the customer ticks those of their own vehicle (A).
export const CONSTAT_CIRCUMSTANCES = [
  'stationnait / était à l’arrêt',
  'quittait un stationnement / ouvrait une portière',
  'prenait un stationnement',
  'sortait d’un parking, d’un lieu privé, d’un chemin de terre',
  's’engageait dans un parking, un lieu privé, un chemin de terre',
  's’engageait sur une place à sens giratoire',
  'roulait sur une place à sens giratoire',
  'heurtait à l’arrière, en roulant dans le même sens et sur une même file',
  'roulait dans le même sens et sur une file différente',
  'changeait de file',
  'doublait',
  'virait à droite',
  'virait à gauche',
  'reculait',
  'empiétait sur une voie réservée à la circulation en sens inverse',
  'venait de droite (dans un carrefour)',
  'n’avait pas observé un signal de priorité ou un feu rouge',
] as const;

/** Box numbers are 1 to 17, as on the paper form. */
export const CONSTAT_BOX_COUNT = CONSTAT_CIRCUMSTANCES.length;

/** « 12. virait à droite » */
export function constatBoxLabel(box: number): string {
  return `${box}. ${CONSTAT_CIRCUMSTANCES[box - 1] ?? ''}`;
}
