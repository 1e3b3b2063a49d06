// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

/**
 * Deliberate bugs, for the negative controls: each is a realistic mistake that the simulation must
 * catch. {@link #NONE} runs the real machine and loop model.
 */
enum Mutation {
  /** The real code. */
  NONE,
  /**
   * The machine is not told when its own entry is deleted: the loop turns {@code Gone} of the
   * candidate's own entry into a plain {@code Poke}, so the term ends only once a re-listing shows
   * the entry missing, instead of at once on the deletion.
   */
  REVOKE_ON_RELIST,
  /**
   * The loop begins a term without checking that the connection epoch is still the one the queue
   * was read in (the check-and-publish of {@code Lead} is not atomic, or not done at all).
   */
  LEAD_WITHOUT_EPOCH_CHECK
}
