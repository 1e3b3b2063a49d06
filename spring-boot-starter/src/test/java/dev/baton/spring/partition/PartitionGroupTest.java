// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.RevocationReason;
import dev.baton.spring.TestApps;
import dev.baton.spring.autoconfigure.BatonAutoConfiguration;
import dev.baton.spring.autoconfigure.BatonPartitionAutoConfiguration;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

class PartitionGroupTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger PATHS = new AtomicInteger();

  private final String path = "/partition-test/" + PATHS.incrementAndGet();
  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  BatonAutoConfiguration.class, BatonPartitionAutoConfiguration.class))
          .withPropertyValues("baton.connect-string=" + ZK.connectString());

  @AfterEach
  void closeAll() {
    apps.forEach(ConfigurableApplicationContext::close);
  }

  @Test
  void twoInstancesShareThePartitionsAndTheSurvivorTakesThemAll() {
    for (int i = 1; i <= 2; i++) {
      apps.add(
          TestApps.start(
              List.of(OneGroup.class),
              "baton.connect-string=" + ZK.connectString(),
              "baton.connection-timeout=2s",
              "spring.application.name=ingest",
              "POD_NAME=pod-" + i,
              "baton.partitions.orders.path=" + path,
              "baton.partitions.orders.partition-count=4",
              "baton.partitions.orders.rebalance-delay=0s"));
    }
    BatonPartitionGroup first = group(apps.get(0));
    BatonPartitionGroup second = group(apps.get(1));
    assertThat(first.memberId()).isEqualTo("ingest-pod-1");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> first.ownedPartitions().size() == 2 && second.ownedPartitions().size() == 2);
    Recorder recorder = apps.get(0).getBean(Recorder.class);
    assertThat(recorder.owned).hasSize(2);
    // Listeners are ordered per partition (callbacks of different partitions may interleave), and
    // a partition may have been assigned and revoked before the second instance joined.
    for (int partition : recorder.seen()) {
      assertCycles(recorder.of(partition));
    }

    apps.get(0).close();
    assertThat(recorder.owned).isEmpty();
    for (int partition : recorder.seen()) {
      assertCycles(recorder.of(partition));
      assertThat(recorder.of(partition)).hasSizeGreaterThan(0).last().isEqualTo("first:revoked");
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> second.ownedPartitions().size() == 4);
  }

  @Test
  void qualifiedListenersBindToTheirGroup() {
    runner
        .withUserConfiguration(TwoGroups.class)
        .withPropertyValues(
            "baton.instance-id=solo",
            "baton.partitions.orders.path=" + path + "/orders",
            "baton.partitions.orders.partition-count=2",
            "baton.partitions.invoices.path=" + path + "/invoices",
            "baton.partitions.invoices.partition-count=3")
        .run(
            ctx -> {
              BatonPartitionGroups groups = ctx.getBean(BatonPartitionGroups.class);
              assertThat(groups.names()).containsExactly("orders", "invoices");
              TwoGroups config = ctx.getBean(TwoGroups.class);
              await()
                  .atMost(Duration.ofSeconds(10))
                  .until(() -> config.orders.size() == 2 && config.invoices.size() == 3);
              assertThat(ctx.getBean("ordersPartitionGroup")).isSameAs(groups.get("orders"));
            });
  }

  @Test
  void anUnqualifiedListenerWithSeveralGroupsFailsStartUp() {
    runner
        .withUserConfiguration(OneGroup.class)
        .withPropertyValues(
            "baton.partitions.orders.path=" + path + "/orders",
            "baton.partitions.invoices.path=" + path + "/invoices")
        .run(
            ctx ->
                assertThat(ctx)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("PartitionListener bean 'first'")
                    .hasMessageContaining("@Qualifier"));
  }

  /** Repetitions of: first assigned, second assigned, second revoked, first revoked. */
  private static void assertCycles(List<String> events) {
    List<String> cycle =
        List.of("first:assigned", "second:assigned", "second:revoked", "first:revoked");
    for (int i = 0; i < events.size(); i++) {
      assertThat(events.get(i)).as("event %d of %s", i, events).isEqualTo(cycle.get(i % 4));
    }
  }

  private static BatonPartitionGroup group(ConfigurableApplicationContext app) {
    return app.getBean(BatonPartitionGroups.class).get("orders");
  }

  /** Two listeners of the only group, in @Order. */
  @Configuration(proxyBeanMethods = false)
  static class OneGroup {
    @Bean
    Recorder recorder() {
      return new Recorder();
    }

    @Bean
    @Order(1)
    PartitionListener first(Recorder recorder) {
      return recorder.listener("first");
    }

    @Bean
    @Order(2)
    PartitionListener second(Recorder recorder) {
      return recorder.listener("second");
    }
  }

  static class Recorder {
    final Set<Integer> owned = ConcurrentHashMap.newKeySet();

    /** Events as "partition:listener:event", in the order they happened. */
    final List<String> order = new CopyOnWriteArrayList<>();

    Set<Integer> seen() {
      Set<Integer> partitions = new TreeSet<>();
      order.forEach(e -> partitions.add(Integer.parseInt(e.substring(0, e.indexOf(':')))));
      return partitions;
    }

    List<String> of(int partition) {
      String prefix = partition + ":";
      return order.stream()
          .filter(e -> e.startsWith(prefix))
          .map(e -> e.substring(prefix.length()))
          .toList();
    }

    PartitionListener listener(String name) {
      return new PartitionListener() {
        @Override
        public void assigned(PartitionOwnership lease) {
          order.add(lease.partition() + ":" + name + ":assigned");
          if (name.equals("first")) {
            owned.add(lease.partition());
          }
        }

        @Override
        public void revoked(PartitionOwnership lease, RevocationReason reason) {
          order.add(lease.partition() + ":" + name + ":revoked");
          if (name.equals("first")) {
            owned.remove(lease.partition());
          }
        }
      };
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoGroups {
    final Set<Integer> orders = ConcurrentHashMap.newKeySet();
    final Set<Integer> invoices = ConcurrentHashMap.newKeySet();

    @Bean
    @Qualifier("orders")
    PartitionListener ordersListener() {
      return into(orders);
    }

    @Bean
    @Qualifier("invoices")
    PartitionListener invoicesListener() {
      return into(invoices);
    }

    private static PartitionListener into(Set<Integer> owned) {
      return new PartitionListener() {
        @Override
        public void assigned(PartitionOwnership lease) {
          owned.add(lease.partition());
        }

        @Override
        public void revoked(PartitionOwnership lease, RevocationReason reason) {
          owned.remove(lease.partition());
        }
      };
    }
  }
}
