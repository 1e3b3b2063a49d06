// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.TestListeners;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One rule for a participant id on both backends: 1 to 256 bytes of UTF-8. Before, the lease
 * backend refused ids longer than 238 characters (its holder column held 255, with a suffix), and
 * the election's javadoc said characters where its check counted bytes (issue 29, item 6).
 */
class ParticipantIdLimitTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);

  /** 256 bytes of UTF-8 each: in one-, two- and four-byte characters. */
  private static final String[] LONGEST = {
    "x".repeat(256), "é".repeat(128), "\uD83D\uDE00".repeat(64)
  };

  /** 257 bytes of UTF-8 each. */
  private static final String[] TOO_LONG = {"x".repeat(257), "é".repeat(128) + "x"};

  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.baton.recipes.lease.LeaseDatabases#both")
  void theLongestIdsLeadOnTheLeaseBackend(LeaseDatabases db) throws Exception {
    String table = LeaseDatabases.table();
    LeaseBackend backend =
        LeaseBackend.create(db.dataSource(), LeaseDatabases.quick(table).build());
    try {
      for (String id : LONGEST) {
        try (LeaderElection e = LeaderElection.create(backend, config(id), TestListeners.quiet())) {
          e.start();
          assertThat(e.awaitLeadership(WITHIN)).isPresent();
          assertThat(e.currentLeader().orElseThrow().participantId()).isEqualTo(id);
        }
      }
    } finally {
      db.drop(table);
    }
  }

  @Test
  void theLongestIdsLeadOnZooKeeper() throws Exception {
    try (BatonSession session =
        BatonSession.start(SessionConfig.builder(ZK.connectString()).build())) {
      for (String id : LONGEST) {
        try (LeaderElection e = LeaderElection.create(session, config(id), TestListeners.quiet())) {
          e.start();
          assertThat(e.awaitLeadership(WITHIN)).isPresent();
          assertThat(e.currentLeader().orElseThrow().participantId()).isEqualTo(id);
        }
      }
    }
  }

  /** The check is the configuration's, before either backend is chosen. */
  @Test
  void oneByteMoreIsRefusedNamingTheSettingAndTheSize() {
    for (String id : TOO_LONG) {
      assertThatThrownBy(() -> config(id))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("participantId")
          .hasMessageContaining("256 bytes of UTF-8")
          .hasMessageContaining("257 bytes");
    }
  }

  private static ElectionConfig config(String id) {
    return ElectionConfig.builder("/lease/long-ids").participantId(id).build();
  }
}
