// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The active leases as any thread sees them: always current, and cheap to poll. */
class LeasesTest {
  private final Leases leases = new Leases();

  private static LeaseHandle lease(int partition, long term) {
    return new LeaseHandle(
        partition,
        "m",
        FencingToken.of("/g/owners/" + partition, 100 + partition),
        "/g/owners/" + partition,
        Instant.EPOCH,
        1,
        term);
  }

  @Test
  void polledWithoutAChangeTheSameSnapshotIsReturned() {
    leases.begin(lease(0, 1));
    leases.begin(lease(1, 2));
    var first = leases.owned();
    assertThat(first).containsOnlyKeys(0, 1);
    assertThat(leases.owned()).isSameAs(first);
    assertThat(leases.activeCount()).isEqualTo(2);
  }

  @Test
  void everyBeginEndAndRevocationIsSeenAtOnce() {
    LeaseHandle zero = lease(0, 1);
    leases.begin(zero);
    leases.begin(lease(1, 2));
    assertThat(leases.owned()).containsOnlyKeys(0, 1);

    zero.revoke(
        RevocationReason.CONNECTION_SUSPENDED); // by another thread, before the loop ends it
    assertThat(leases.owned()).containsOnlyKeys(1);
    assertThat(leases.lease(0)).isNull();

    leases.end(1, 2);
    assertThat(leases.owned()).isEmpty();
    leases.begin(lease(2, 3));
    assertThat(leases.owned()).containsOnlyKeys(2);
    leases.revokeAll(RevocationReason.SESSION_LOST);
    assertThat(leases.owned()).isEmpty();
    assertThat(leases.activeCount()).isZero();
  }
}
