// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

/** A partition whose ownership znode this session created, and where its term stands. */
final class Held {
  final int partition;
  final long czxid;
  final long generation;

  long term;

  boolean termOpen;

  /** Whether the latest term's {@code revoked} returned (true while no term was begun). */
  boolean revokeReturned = true;

  /** Whether a term of this znode was begun before (the next one resumes it). */
  boolean begun;

  /** The connection epoch in which the znode was last seen to be this session's; 0 if unknown. */
  long verifiedEpoch;

  /** Whether the partition is being released (term ended, znode deleted after the drain). */
  boolean releasing;

  /** Whether the release's drain is over (callback returned or timed out). */
  boolean drained;

  Held(int partition, long czxid, long generation, long verifiedEpoch) {
    this.partition = partition;
    this.czxid = czxid;
    this.generation = generation;
    this.verifiedEpoch = verifiedEpoch;
  }

  @Override
  public String toString() {
    return "Held{%s, czxid=%s, term=%s%s%s%s}"
        .formatted(
            partition,
            czxid,
            term,
            termOpen ? " open" : "",
            releasing ? ", releasing" : "",
            drained ? ", drained" : "");
  }
}
