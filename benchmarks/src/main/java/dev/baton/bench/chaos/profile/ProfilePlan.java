// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import java.util.ArrayList;
import java.util.List;

/**
 * A profile's trials round-robin over the applicable (scenario, role, fence) cells, so a run cut
 * short covers each about equally; trial {@code n} has seed {@code baseSeed + n}.
 */
final class ProfilePlan {
  private ProfilePlan() {}

  record Cell(ChaosScenario scenario, Role role, FenceKind fence) {}

  /** The cells applicable on {@code backend}, in scenario, role, fence order. */
  static List<Cell> cells(
      List<ChaosScenario> scenarios, List<Role> roles, List<FenceKind> fences, Backend backend) {
    List<Cell> out = new ArrayList<>();
    for (ChaosScenario s : scenarios) {
      for (Role r : roles) {
        for (FenceKind f : fences) {
          if (s.notApplicable(r, f, backend).isEmpty()) {
            out.add(new Cell(s, r, f));
          }
        }
      }
    }
    return out;
  }

  /** {@code trials} trials over {@code cells}, round-robin. */
  static List<TrialSpec> trials(List<Cell> cells, int trials, long baseSeed) {
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("no scenario applies to the roles and fences chosen");
    }
    List<TrialSpec> out = new ArrayList<>(trials);
    for (int n = 0; n < trials; n++) {
      Cell c = cells.get(n % cells.size());
      out.add(new TrialSpec(n, c.scenario().name(), c.role(), c.fence(), baseSeed + n));
    }
    return out;
  }
}
