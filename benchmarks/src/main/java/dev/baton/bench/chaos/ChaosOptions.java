// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import java.time.Duration;

/**
 * The knobs of a trial.
 *
 * @param sessionMs the clients' session timeout
 * @param writeIntervalMs the pause between two protected writes of an owner
 * @param clients client processes per trial
 * @param partitions partitions of the partition group
 * @param fence how writes are protected ({@link FenceKind#NONE} only for the negative control)
 * @param recoveryBound how long after a heal the service must be writing again (liveness)
 */
public record ChaosOptions(
    int sessionMs,
    int writeIntervalMs,
    int clients,
    int partitions,
    FenceKind fence,
    Duration recoveryBound) {
  public static ChaosOptions defaults() {
    return new ChaosOptions(4000, 100, 2, 4, FenceKind.SQL, Duration.ofSeconds(30));
  }

  public ChaosOptions withFence(FenceKind kind) {
    return new ChaosOptions(sessionMs, writeIntervalMs, clients, partitions, kind, recoveryBound);
  }

  public Duration session() {
    return Duration.ofMillis(sessionMs);
  }

  /** Longer than the session timeout by a margin: a fault this long expires the session. */
  public Duration beyondSession() {
    return Duration.ofMillis(sessionMs + 2000L);
  }
}
