// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.BatonSession;
import dev.baton.spring.autoconfigure.BatonConnectionDetails;
import dev.baton.spring.test.TestApplication;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The users' snippet, {@code @ServiceConnection static ZooKeeperContainer}, on a stand-in that
 * needs no Docker: Spring Boot finds this artifact's connection details factory through {@code
 * META-INF/spring.factories}, starts the container when the details are first read, and the details
 * give the container's connect string; the starter's session connects there.
 *
 * <p>{@link StopTheStandInLast} plays the part of {@code @Testcontainers}: declared above {@code
 * SpringBootTest}, its afterAll runs after the SpringExtension's, which closes the context
 * ({@code @DirtiesContext}); so the application's session closes while the server still runs, as
 * the README advises.
 */
@ExtendWith(ServiceConnectionFieldTest.StopTheStandInLast.class)
@SpringBootTest(classes = TestApplication.class)
@DirtiesContext
class ServiceConnectionFieldTest {
  @ServiceConnection static StandInZooKeeperContainer zooKeeper = new StandInZooKeeperContainer();

  static final AtomicReference<BatonSession> SESSION = new AtomicReference<>();

  @Autowired ApplicationContext context;
  @Autowired BatonConnectionDetails connectionDetails;
  @Autowired BatonSession session;

  @Test
  void theConnectionDetailsAreTheContainers() throws Exception {
    SESSION.set(session);
    assertThat(context.getBeanNamesForType(BatonConnectionDetails.class)).hasSize(1);
    assertThat(connectionDetails.getClass().getName())
        .isEqualTo(
            ZooKeeperContainerConnectionDetailsFactory.class.getName()
                + "$ZooKeeperContainerConnectionDetails");
    String connectString = connectionDetails.connectString();
    assertThat(zooKeeper.isRunning()).isTrue();
    assertThat(connectString).isEqualTo(zooKeeper.server().connectString());
    assertThat(session.curator().getZookeeperClient().getCurrentConnectionString())
        .isEqualTo(connectString);
    try (CuratorFramework client =
        CuratorFrameworkFactory.newClient(connectString, new RetryOneTime(100))) {
      client.start();
      assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
      assertThat(client.checkExists().forPath("/zookeeper")).isNotNull();
    }
  }

  /** Stops the stand-in after the class, checking that the context closed the session first. */
  static class StopTheStandInLast implements AfterAllCallback {
    @Override
    public void afterAll(ExtensionContext context) {
      BatonSession session = SESSION.get();
      zooKeeper.stop();
      assertThat(session).as("the test ran and saw the session").isNotNull();
      assertThat(session.isOpen()).as("session open when the container stops").isFalse();
    }
  }
}
