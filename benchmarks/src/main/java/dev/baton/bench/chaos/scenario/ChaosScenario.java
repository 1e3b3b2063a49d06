// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

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

  /** Injects one episode of the fault into {@code run} and waits for the recovery. */
  void inject(ChaosRun run);
}
