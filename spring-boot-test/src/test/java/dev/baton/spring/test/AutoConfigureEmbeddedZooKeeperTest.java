// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.spring.autoconfigure.BatonConnectionDetails;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;

/** What a user's {@code @SpringBootTest} gets from the annotation. */
@SpringBootTest(properties = "baton.connect-string=configured.example:2181")
@AutoConfigureEmbeddedZooKeeper
class AutoConfigureEmbeddedZooKeeperTest {
  @Autowired EmbeddedZooKeeperServer zooKeeper;
  @Autowired BatonConnectionDetails connectionDetails;
  @Autowired Environment environment;
  @Autowired ApplicationContext context;

  @Test
  void theContextHasARunningServerAsABean() {
    assertThat(zooKeeper.isRunning()).isTrue();
    assertThat(context.getBean(AutoConfigureEmbeddedZooKeeper.SERVER_BEAN)).isSameAs(zooKeeper);
  }

  @Test
  void thePropertyPointsAtTheServerOverTheApplicationsOwn() {
    assertThat(environment.getProperty("baton.connect-string"))
        .isEqualTo(zooKeeper.connectString());
  }

  @Test
  void theConnectionDetailsPointAtTheServer() throws Exception {
    assertThat(context.getBeanNamesForType(BatonConnectionDetails.class))
        .containsExactly(AutoConfigureEmbeddedZooKeeper.CONNECTION_DETAILS_BEAN);
    assertThat(connectionDetails.connectString()).isEqualTo(zooKeeper.connectString());
    try (CuratorFramework client = ZooKeeperClients.connected(connectionDetails.connectString())) {
      client
          .create()
          .withMode(CreateMode.EPHEMERAL)
          .forPath("/connected-through-details", new byte[] {7});
      assertThat(client.getData().forPath("/connected-through-details")).containsExactly(7);
    }
  }
}
