// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

/**
 * A snapshot of one member's health, for health checks and status pages.
 *
 * @param joined whether the member's znode exists and belongs to this member's session
 * @param duplicateId whether another session holds this member id (the member takes nothing)
 * @param generation the assignment generation this member follows (0 before the first)
 * @param loopFailures tasks of the member's loop that failed (each logged and retried)
 * @param failed whether the member's loop stopped on a {@link VirtualMachineError}: its ownerships
 *     are revoked; close it (and its session) and start again
 */
public record GroupHealth(
    MemberState state,
    boolean connected,
    boolean joined,
    boolean duplicateId,
    boolean assigner,
    int ownedPartitions,
    long generation,
    long callbackFailures,
    long malformedRecords,
    long loopFailures,
    boolean failed) {

  /** Started, connected, joined, no duplicate id, not failed (owning nothing can be healthy). */
  public boolean isHealthy() {
    return state == MemberState.STARTED && connected && joined && !duplicateId && !failed;
  }
}
