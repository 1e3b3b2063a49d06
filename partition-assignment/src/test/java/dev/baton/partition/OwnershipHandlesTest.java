// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.FencingToken;
import dev.baton.partition.OwnershipHandles.OwnershipHandle;
import dev.baton.recipes.RevocationReason;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The active ownerships as any thread sees them: always current, and cheap to poll. */
class OwnershipHandlesTest {
  private final OwnershipHandles ownerships = new OwnershipHandles();

  private static OwnershipHandle ownership(int partition, long term) {
    return new OwnershipHandle(
        partition,
        "m",
        FencingToken.of("/g/owners/" + partition, 100 + partition),
        "/g/owners/" + partition,
        Instant.EPOCH,
        Instant.EPOCH,
        1,
        term);
  }

  @Test
  void polledWithoutAChangeTheSameSnapshotIsReturned() {
    ownerships.begin(ownership(0, 1));
    ownerships.begin(ownership(1, 2));
    var first = ownerships.owned();
    assertThat(first).containsOnlyKeys(0, 1);
    assertThat(ownerships.owned()).isSameAs(first);
    assertThat(ownerships.activeCount()).isEqualTo(2);
  }

  @Test
  void everyBeginEndAndRevocationIsSeenAtOnce() {
    OwnershipHandle zero = ownership(0, 1);
    ownerships.begin(zero);
    ownerships.begin(ownership(1, 2));
    assertThat(ownerships.owned()).containsOnlyKeys(0, 1);

    zero.revoke(
        RevocationReason.CONNECTION_SUSPENDED); // by another thread, before the loop ends it
    assertThat(ownerships.owned()).containsOnlyKeys(1);
    assertThat(ownerships.ownership(0)).isNull();

    ownerships.end(1, 2);
    assertThat(ownerships.owned()).isEmpty();
    ownerships.begin(ownership(2, 3));
    assertThat(ownerships.owned()).containsOnlyKeys(2);
    ownerships.revokeAll(RevocationReason.SESSION_LOST);
    assertThat(ownerships.owned()).isEmpty();
    assertThat(ownerships.activeCount()).isZero();
  }
}
