// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.Cli;
import dev.baton.partition.GroupConfig;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The settings of the handoff part of the assignment scenario ({@link HandoffTiming}), a picocli
 * mixin; unset rebalance delays are the library's defaults.
 */
final class HandoffOptions {
  @Option(names = "--handoff", arity = "0..1", fallbackValue = "true", defaultValue = "true")
  boolean enabled;

  @Option(names = "--handoff-partitions", defaultValue = "1000")
  int partitions;

  @Option(names = "--handoff-members", defaultValue = "10")
  int members;

  @Option(names = "--handoff-trials", defaultValue = "20")
  int cycles;

  @Option(names = "--handoff-warmup", defaultValue = "1")
  int warmupCycles;

  @Option(names = "--handoff-session-timeout-ms", defaultValue = "10000")
  int sessionTimeoutMs;

  @Option(names = "--handoff-rebalance-delay-ms")
  Integer rebalanceDelayMs;

  @Option(names = "--handoff-rebalance-max-delay-ms")
  Integer rebalanceMaxDelayMs;

  @Option(names = "--handoff-timeout-ms", defaultValue = "60000")
  int timeoutMs;

  /**
   * Checks the settings without starting anything.
   *
   * @throws IllegalArgumentException naming the invalid setting
   */
  void validate() {
    Cli.check(
        members >= 1 && partitions >= members + 1,
        "handoff-members must be at least 1 and handoff-partitions at least"
            + " handoff-members + 1 (every member of the M+1 must get a partition)");
    Cli.check(
        cycles >= 1 && warmupCycles >= 0,
        "handoff-trials must be at least 1 and handoff-warmup at least 0");
    Cli.check(
        sessionTimeoutMs >= 1 && timeoutMs >= 1,
        "handoff-session-timeout-ms and handoff-timeout-ms must be at least 1");
    Cli.check(
        (rebalanceDelayMs == null || rebalanceDelayMs >= 0)
            && (rebalanceMaxDelayMs == null || rebalanceMaxDelayMs >= 0),
        "the handoff rebalance delays must be at least 0");
    memberConfig("/validate", "validate"); // invalid delays fail here, before any server starts
  }

  /** The configuration of member {@code id} of {@code group}, with the delays set here. */
  GroupConfig memberConfig(String group, String id) {
    GroupConfig.Builder b = GroupConfig.builder(group).memberId(id).partitionCount(partitions);
    if (rebalanceDelayMs != null) {
      b.rebalanceDelay(Duration.ofMillis(rebalanceDelayMs));
    }
    if (rebalanceMaxDelayMs != null) {
      b.rebalanceMaxDelay(Duration.ofMillis(rebalanceMaxDelayMs));
    }
    return b.build();
  }

  Duration sessionTimeout() {
    return Duration.ofMillis(sessionTimeoutMs);
  }

  Duration timeout() {
    return Duration.ofMillis(timeoutMs);
  }
}
