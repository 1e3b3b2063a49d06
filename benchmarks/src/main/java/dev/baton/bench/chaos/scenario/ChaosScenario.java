// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.ChaosRun;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One fault scenario: {@link #inject} runs one episode of the fault against a running trial, waits
 * for the service to recover after the heal ({@link ChaosRun#awaitRecovery}) and leaves everything
 * healed. The scenarios are listed in {@link Scenarios}; their faults are written in {@link
 * OwnerFaults}, {@link ServerFaults}, {@link LoseQuorum} and {@link ExpiryStorm}.
 *
 * @param number the scenario's number (1 to 9)
 * @param name short name, used in {@code RESULT chaos-<name>}
 * @param description one line on what it does
 * @param needsZooKeeperServers whether the fault hits the ZooKeeper servers themselves (kills,
 *     restarts, sessions expired on the ensemble): such a scenario tests nothing on the lease
 *     backend, whose clients use no ZooKeeper
 * @param injector injects one episode into a run and waits for the recovery
 */
public record ChaosScenario(
    int number,
    String name,
    String description,
    boolean needsZooKeeperServers,
    Consumer<ChaosRun> injector) {

  /**
   * Why the scenario does not apply to {@code role} and {@code fence} on {@code backend}; empty if
   * it does.
   */
  public Optional<String> notApplicable(Role role, FenceKind fence, Backend backend) {
    if (backend == Backend.LEASE && needsZooKeeperServers) {
      return Optional.of("a fault of ZooKeeper, which the lease backend does not use");
    }
    if (!backend.supports(role)) {
      return Optional.of(
          "the lease backend has no " + role.name().toLowerCase(Locale.ROOT) + " recipe");
    }
    if (!backend.supports(fence)) {
      return Optional.of("the lease backend has no ZooKeeper for the " + fence + " fence");
    }
    return Optional.empty();
  }

  /** Injects one episode of the fault into {@code run} and waits for the recovery. */
  public void inject(ChaosRun run) {
    injector.accept(run);
  }
}
