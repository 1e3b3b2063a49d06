// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.ChaosRun;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One fault scenario (listed in {@link Scenarios}); its injector runs one episode, waits for the
 * recovery and leaves everything healed.
 */
public record ChaosScenario(
    int number,
    String name,
    String description,
    boolean needsZooKeeperServers,
    Consumer<ChaosRun> injector) {

  /** Why the scenario does not apply to {@code role}, {@code fence}, {@code backend}, if so. */
  public Optional<String> notApplicable(Role role, FenceKind fence, Backend backend) {
    if (backend == Backend.LEASE && needsZooKeeperServers) {
      return Optional.of("a fault of ZooKeeper, which the lease backend does not use");
    }
    if (!backend.supports(role)) {
      return Optional.of("the lease backend has no " + role.key() + " recipe");
    }
    if (!backend.supports(fence)) {
      return Optional.of("the lease backend has no ZooKeeper for the " + fence + " fence");
    }
    return Optional.empty();
  }

  public void inject(ChaosRun run) {
    injector.accept(run);
  }
}
