// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Lock attempts (the machine with {@code reenter} false; each client takes, releases, gives up and
 * retries the lock), driven against the ZooKeeper model from thousands of seeds: mutual exclusion
 * of active holds and the other invariants of {@link World}, after every step. 4 s in the default
 * run; see {@link SimElectionTest} for the properties.
 */
class SimLockTest {
  @Test
  void locksKeepTheirInvariants() {
    Campaign.Result r =
        Campaign.run(
            true,
            Mutation.NONE,
            Campaign.tolerated(),
            Campaign.base(0x10C_0000L),
            Campaign.seeds(Long.MAX_VALUE),
            Campaign.budget(Duration.ofSeconds(4)));
    System.out.println(r.summary("lock"));
    assertThat(r.failure()).as("a failing schedule").isEmpty();
  }
}
