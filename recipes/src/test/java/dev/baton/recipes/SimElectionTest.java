// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The election's candidates, driven against the ZooKeeper model from thousands of seeds, with the
 * invariants of {@link World} checked after every step: 6 s in the default run, {@code
 * -Dbaton.sim.seconds=600} (or the {@code simulation} profile) for as long as asked. The open
 * {@link Finding}s are worked around (see {@code SimFindingsTest}); {@code
 * -Dbaton.sim.tolerate=none} runs without.
 */
class SimElectionTest {
  @Test
  void electionsKeepTheirInvariants() {
    Campaign.Result r =
        Campaign.run(
            false,
            Mutation.NONE,
            Campaign.tolerated(),
            Campaign.base(0x5EED_0000L),
            Campaign.seeds(Long.MAX_VALUE),
            Campaign.budget(Duration.ofSeconds(6)));
    System.out.println(r.summary("election"));
    assertThat(r.failure()).as("a failing schedule").isEmpty();
  }
}
