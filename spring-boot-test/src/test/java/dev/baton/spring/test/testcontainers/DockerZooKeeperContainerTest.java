// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.spring.autoconfigure.BatonConnectionDetails;
import dev.baton.spring.test.TestApplication;
import dev.baton.spring.test.ZooKeeperSessionExpiry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.test.annotation.DirtiesContext;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The users' path with a real container: runs only where a Docker engine is available (JUnit
 * reports it skipped elsewhere, as on the machine this module was written on, where it never ran).
 */
@SpringBootTest(classes = TestApplication.class)
@Testcontainers(disabledWithoutDocker = true)
@DirtiesContext
class DockerZooKeeperContainerTest {
  @Container @ServiceConnection static ZooKeeperContainer zooKeeper = new ZooKeeperContainer();

  @Autowired BatonConnectionDetails connectionDetails;

  @Test
  void theStarterIsPointedAtTheContainerAndSessionsExpireOnIt() throws Exception {
    assertThat(connectionDetails.connectString()).isEqualTo(zooKeeper.getConnectString());
    try (CuratorFramework owner = client();
        CuratorFramework observer = client()) {
      owner.create().withMode(CreateMode.EPHEMERAL).forPath("/owned");

      ZooKeeperSessionExpiry.expire(owner, Duration.ofSeconds(10));

      assertThat(observer.checkExists().forPath("/owned")).isNull();
    }
  }

  private CuratorFramework client() throws InterruptedException {
    CuratorFramework client =
        CuratorFrameworkFactory.newClient(connectionDetails.connectString(), new RetryOneTime(100));
    client.start();
    assertThat(client.blockUntilConnected(20, TimeUnit.SECONDS)).isTrue();
    return client;
  }
}
