// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import java.util.Locale;

/**
 * One planned trial, its id carrying all that runs it again: {@code
 * <n>-<scenario>-<role>-<fence>-s<seed>}, e.g. {@code 00042-lose-quorum-lock-zk-s43}.
 */
public record TrialSpec(int number, String scenario, Role role, FenceKind fence, long seed) {
  public String id() {
    return String.format(
        Locale.ROOT, "%05d-%s-%s-%s-s%d", number, scenario, role.key(), fence.key(), seed);
  }

  /** The (scenario, role, fence) cell of the profile's table this trial counts in. */
  public String cell() {
    return scenario + " " + role.key() + " " + fence.key();
  }

  /** Parses a trial id; {@link IllegalArgumentException} if it is not one. */
  public static TrialSpec parse(String id) {
    String[] parts = id.trim().split("-");
    if (parts.length < 5 || !parts[parts.length - 1].startsWith("s")) {
      throw new IllegalArgumentException(
          "a trial id is <n>-<scenario>-<role>-<fence>-s<seed>, was '" + id + "'");
    }
    try {
      int n = Integer.parseInt(parts[0]);
      long seed = Long.parseLong(parts[parts.length - 1].substring(1));
      FenceKind fence = FenceKind.valueOf(parts[parts.length - 2].toUpperCase(Locale.ROOT));
      Role role = Role.valueOf(parts[parts.length - 3].toUpperCase(Locale.ROOT));
      String scenario = String.join("-", java.util.Arrays.copyOfRange(parts, 1, parts.length - 3));
      if (scenario.isEmpty()) {
        throw new IllegalArgumentException("no scenario");
      }
      return new TrialSpec(n, scenario, role, fence, seed);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "a trial id is <n>-<scenario>-<role>-<fence>-s<seed>, was '" + id + "'", e);
    }
  }
}
