// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** An instance-field extension: a fresh server for each test, closed after it. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EmbeddedZooKeeperExtensionPerTestTest {
  private static final AtomicReference<EmbeddedZooKeeperServer> FIRST = new AtomicReference<>();

  @RegisterExtension final EmbeddedZooKeeperExtension zk = new EmbeddedZooKeeperExtension();

  @Test
  @Order(1)
  void first() {
    FIRST.set(zk.server());
    assertThat(zk.server().isRunning()).isTrue();
  }

  @Test
  @Order(2)
  void secondGetsAFreshServerAndTheFirstIsClosed() {
    assertThat(FIRST.get()).isNotNull();
    assertThat(zk.server()).isNotSameAs(FIRST.get());
    assertThat(zk.server().isRunning()).isTrue();
    assertThat(FIRST.get().isRunning()).isFalse();
  }
}
