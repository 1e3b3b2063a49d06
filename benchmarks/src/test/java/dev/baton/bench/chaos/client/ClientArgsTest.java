// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.bench.chaos.ChaosProtocol;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.recipes.lease.LeaseConfig;
import dev.baton.recipes.scheduler.ScheduleConfig;
import dev.baton.testkit.ChildJvm;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ClientArgsTest {
  @Test
  void theZooKeeperFencesNegativeControlParses() {
    ClientArgs a =
        ClientArgs.parse(
            new String[] {
              "--role=election", "--id=c1", "--connect=h:1", "--path=/x/y", "--fence=zk_none"
            });
    assertThat(a.fence()).isEqualTo(FenceKind.ZK_NONE);
    assertThat(a.jdbc()).isEmpty();
  }

  @Test
  void parsesEveryKeyAndAppliesDefaults() {
    ClientArgs a =
        ClientArgs.parse(
            new String[] {
              "--role=partition",
              "--id=c1",
              "--connect=h:1",
              "--path=/x/y",
              "--fence=zk",
              "--partitions=3",
              "--session-ms=4000",
              "--write-interval-ms=5"
            });
    assertThat(a.role()).isEqualTo(Role.PARTITION);
    assertThat(a.fence()).isEqualTo(FenceKind.ZK);
    assertThat(a.partitions()).isEqualTo(3);
    assertThat(a.session()).isEqualTo(Duration.ofSeconds(4));
    assertThat(a.writeInterval()).isEqualTo(Duration.ofMillis(5));
    assertThat(a.jdbc()).isEmpty();

    ClientArgs d =
        ClientArgs.parse(
            new String[] {
              "--role=election", "--id=c2", "--connect=h:1", "--path=/x", "--jdbc=jdbc:h2:mem:x"
            });
    assertThat(d.fence()).isEqualTo(FenceKind.SQL);
    assertThat(d.partitions()).isEqualTo(ClientArgs.DEFAULT_PARTITIONS);
    assertThat(d.writeInterval()).isEqualTo(ClientArgs.DEFAULT_WRITE_INTERVAL);
    assertThat(d.scheduleStart()).isEmpty();
  }

  @Test
  void theSchedulerTakesItsStartAndNamesItsJobsByItsId() {
    ClientArgs a =
        ClientArgs.parse(
            new String[] {
              "--role=scheduler",
              "--id=c7",
              "--connect=h:1",
              "--path=/chaos/s1",
              "--jdbc=jdbc:h2:mem:x",
              "--schedule-start-ms=1700000000000"
            });
    assertThat(a.scheduleStart()).hasValue(Instant.ofEpochMilli(1_700_000_000_000L));

    ScheduleConfig config = SchedulerRole.scheduleConfig(a);
    assertThat(config.jobType()).isEqualTo("c7");
    assertThat(config.firstSlotAt()).isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
    assertThat(config.startFromNow()).isFalse();
    assertThat(config.name()).isEqualTo("chaos.s1");

    assertThatThrownBy(
            () ->
                ClientArgs.parse(
                    new String[] {
                      "--role=scheduler",
                      "--id=c7",
                      "--connect=h:1",
                      "--path=/x",
                      "--jdbc=j",
                      "--schedule-start-ms=0"
                    }))
        .hasMessageContaining("--schedule-start-ms");
  }

  @Test
  void theLeaseBackendNeedsItsOwnJdbcUrlAndRunsOnlyTheElectionAndTheScheduler() {
    ClientArgs a =
        ClientArgs.parse(
            new String[] {
              "--role=scheduler",
              "--id=c1",
              "--path=/x",
              "--jdbc=jdbc:h2:tcp://127.0.0.1:1/mem:x",
              "--backend=lease",
              "--lease-jdbc=jdbc:h2:tcp://127.0.0.1:2/mem:x"
            });
    assertThat(a.backend()).isEqualTo(Backend.LEASE);
    assertThat(a.leaseJdbc()).hasValue("jdbc:h2:tcp://127.0.0.1:2/mem:x");
    assertThat(a.connect()).as("no ZooKeeper on the lease").isEmpty();
    assertThat(
            ClientArgs.parse(
                    new String[] {
                      "--role=lock", "--id=c1", "--connect=h:1", "--path=/x", "--fence=zk"
                    })
                .backend())
        .isEqualTo(Backend.ZK);

    String[] base = {"--id=c1", "--path=/x", "--jdbc=j", "--backend=lease", "--lease-jdbc=l"};
    assertThatThrownBy(() -> ClientArgs.parse(with(base, "--role=lock")))
        .hasMessageContaining("not --role=lock");
    assertThatThrownBy(() -> ClientArgs.parse(with(base, "--role=election", "--fence=zk")))
        .hasMessageContaining("--fence=zk");
    assertThatThrownBy(
            () ->
                ClientArgs.parse(
                    new String[] {
                      "--role=election", "--id=c1", "--path=/x", "--jdbc=j", "--backend=lease"
                    }))
        .hasMessageContaining("--lease-jdbc");
    assertThatThrownBy(
            () ->
                ClientArgs.parse(
                    new String[] {
                      "--role=election", "--id=c1", "--path=/x", "--jdbc=j", "--backend=etcd"
                    }))
        .hasMessageContaining("Invalid value for option '--backend'");
  }

  @Test
  void theLeaseIsScaledToTheSession() {
    LeaseConfig c =
        ClientArgs.parse(
                new String[] {
                  "--role=election",
                  "--id=c1",
                  "--path=/x",
                  "--connect=z",
                  "--jdbc=j",
                  "--session-ms=4000"
                })
            .leaseConfig();
    assertThat(c.leaseDuration()).isEqualTo(Duration.ofSeconds(4));
    assertThat(c.safetyMargin()).isEqualTo(Duration.ofMillis(800));
    assertThat(c.renewInterval()).isEqualTo(Duration.ofMillis(800));
    assertThat(c.renewTimeout()).isEqualTo(Duration.ofMillis(800));
    assertThat(c.pollInterval()).isEqualTo(Duration.ofMillis(400));
  }

  private static String[] with(String[] base, String... more) {
    String[] out = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, out, base.length, more.length);
    return out;
  }

  @Test
  void rejectsBadArguments() {
    assertThatThrownBy(() -> ClientArgs.parse(new String[] {"--role=leader", "--id=c1"}))
        .hasMessageContaining("--role");
    assertThatThrownBy(
            () ->
                ClientArgs.parse(
                    new String[] {"--role=election", "--id=c1", "--connect=h:1", "--path=/x"}))
        .hasMessageContaining("--jdbc");
    assertThatThrownBy(
            () ->
                ClientArgs.parse(new String[] {"--role=lock", "--id=c1", "--path=/x", "--bogus=1"}))
        .hasMessageContaining("Unknown option: '--bogus=1'");
    assertThatThrownBy(
            () ->
                ClientArgs.parse(new String[] {"--id=c1", "--path=/x", "--role=lock", "role=lock"}))
        .hasMessageContaining("Unmatched argument at index 3: 'role=lock'");
  }

  @Test
  void badArgumentsPrintAnErrorLineAndExitWithTwo() {
    try (ChildJvm child = ChildJvm.start(ChaosClientMain.class, "--role=nope")) {
      await().atMost(Duration.ofSeconds(30)).until(() -> !child.isAlive());
      assertThat(child.exitCode()).hasValue(2);
      assertThat(ChaosProtocol.parseAll(child.lines()))
          .singleElement()
          .satisfies(
              e -> {
                assertThat(e.kind()).isEqualTo("ERROR");
                assertThat(e.get("id")).isEqualTo("?");
                assertThat(e.get("message")).contains("--role");
              });
    }
  }
}
