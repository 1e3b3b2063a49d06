// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

/**
 * A snapshot of one member's health, for health checks and status pages.
 *
 * @param state the lifecycle state
 * @param connected whether the session is connected
 * @param joined whether the member's znode exists and belongs to this member's session
 * @param duplicateId whether another session holds this member id (the member waits and takes
 *     nothing)
 * @param assigner whether this member currently computes the assignment
 * @param ownedPartitions how many partitions this member owns
 * @param generation the assignment generation this member follows (0 before the first)
 * @param callbackFailures how many listener callbacks have thrown
 * @param malformedRecords how many records read from ZooKeeper were malformed and ignored
 * @param loopFailures how many tasks of the member's loop have failed (each logged and retried
 *     after a backoff); a growing count means the member keeps meeting an error, e.g. from its
 *     strategy
 * @param failed whether the member's loop stopped on a fatal error ({@link VirtualMachineError}):
 *     the member does nothing more, its ownerships are revoked; close it (and its session) and
 *     start again
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

  /**
   * Healthy: started, connected, joined, no duplicate id, not failed. Owning no partition can be
   * healthy.
   */
  public boolean isHealthy() {
    return state == MemberState.STARTED && connected && joined && !duplicateId && !failed;
  }
}
