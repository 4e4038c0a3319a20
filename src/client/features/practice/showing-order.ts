import { shuffled, type RandomInt } from '../../../shared/exam-rules.ts';

const mathRandomInt: RandomInt = (below) => Math.floor(Math.random() * below);

/**
 * The order a question's options are shown in, new each time it is shown: a trainee who practises
 * the same question again reads its options, not where the right one stood. The answer still
 * names the bank's own positions (`order[shown]` is the bank's position of the option shown there).
 */
export const showingOrder = (count: number, randomInt: RandomInt = mathRandomInt): number[] =>
  shuffled(
    Array.from({ length: count }, (_, index) => index),
    randomInt,
  );
