// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.spring.autoconfigure.BatonConnectionDetails;
import dev.baton.spring.test.TestApplication;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The users' snippet, {@code @ServiceConnection static ZooKeeperContainer}, on a stand-in that
 * needs no Docker: Spring Boot finds this artifact's connection details factory through {@code
 * META-INF/spring.factories}, starts the container when the details are first read, and the details
 * give the container's connect string.
 */
@SpringBootTest(classes = TestApplication.class)
@DirtiesContext
class ServiceConnectionFieldTest {
  @ServiceConnection static StandInZooKeeperContainer zooKeeper = new StandInZooKeeperContainer();

  @Autowired ApplicationContext context;
  @Autowired BatonConnectionDetails connectionDetails;

  @AfterAll
  static void stopTheStandIn() {
    zooKeeper.stop();
  }

  @Test
  void theConnectionDetailsAreTheContainers() throws Exception {
    assertThat(context.getBeanNamesForType(BatonConnectionDetails.class)).hasSize(1);
    assertThat(connectionDetails.getClass().getName())
        .isEqualTo(
            ZooKeeperContainerConnectionDetailsFactory.class.getName()
                + "$ZooKeeperContainerConnectionDetails");
    String connectString = connectionDetails.connectString();
    assertThat(zooKeeper.isRunning()).isTrue();
    assertThat(connectString).isEqualTo(zooKeeper.server().connectString());
    try (CuratorFramework client =
        CuratorFrameworkFactory.newClient(connectString, new RetryOneTime(100))) {
      client.start();
      assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
      assertThat(client.checkExists().forPath("/zookeeper")).isNotNull();
    }
  }
}
