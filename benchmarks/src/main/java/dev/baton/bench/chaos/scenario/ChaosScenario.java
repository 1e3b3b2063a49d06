// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.ChaosRun;
import java.util.Optional;

/**
 * One fault scenario: {@link #inject} runs one episode of the fault against a running trial, waits
 * for the service to recover after the heal ({@link ChaosRun#awaitRecovery}) and leaves everything
 * healed.
 */
public interface ChaosScenario {
  /** The scenario's number in the issue (1 to 9). */
  int number();

  /** Short name, used in {@code RESULT chaos-<name>}. */
  String name();

  /** One line on what it does. */
  String description();

  /** Why the scenario does not apply to {@code role} with {@code fence}; empty if it does. */
  default Optional<String> notApplicable(Role role, FenceKind fence) {
    return Optional.empty();
  }

  /**
   * Whether the fault hits the ZooKeeper servers themselves (kills, restarts, sessions expired on
   * the ensemble): such a scenario tests nothing on the lease backend, whose clients use no
   * ZooKeeper.
   */
  default boolean needsZooKeeperServers() {
    return false;
  }

  /**
   * Why the scenario does not apply to {@code role} with {@code fence} on {@code backend}; empty if
   * it does. On the lease backend: not the scenarios that {@linkplain #needsZooKeeperServers() need
   * ZooKeeper servers}, nor the recipes the lease has not (the lock, partition ownership).
   */
  default Optional<String> notApplicable(Role role, FenceKind fence, Backend backend) {
    if (backend == Backend.LEASE && needsZooKeeperServers()) {
      return Optional.of("a fault of ZooKeeper, which the lease backend does not use");
    }
    if (!backend.supports(role)) {
      return Optional.of(
          "the lease backend has no " + role.name().toLowerCase(java.util.Locale.ROOT) + " recipe");
    }
    if (!backend.supports(fence)) {
      return Optional.of("the lease backend has no ZooKeeper for the " + fence + " fence");
    }
    return notApplicable(role, fence);
  }

  /** Injects one episode of the fault into {@code run} and waits for the recovery. */
  void inject(ChaosRun run);
}
