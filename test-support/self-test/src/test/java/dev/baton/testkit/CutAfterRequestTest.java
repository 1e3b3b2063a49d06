// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link TcpProxy#cutAfterNextRequest(int)}: the server applies the request, the client loses the
 * connection before the answer, and Curator's retry meets the result of its own first attempt.
 */
class CutAfterRequestTest {
  private static final Duration SESSION = Duration.ofSeconds(4);
  private static final Duration WITHIN = Duration.ofSeconds(15);

  private TestingServer server;
  private CuratorFramework direct;
  private TcpProxy proxy;
  private final List<AutoCloseable> closeables = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server = ZooKeeperFixtures.startServer();
    direct = ZooKeeperFixtures.newClient(server.getConnectString(), Duration.ofSeconds(10));
    direct.blockUntilConnected();
    proxy = TcpProxy.start("127.0.0.1", server.getPort());
  }

  @AfterEach
  void closeAll() throws Exception {
    for (int i = closeables.size() - 1; i >= 0; i--) {
      closeables.get(i).close();
    }
    proxy.close();
    direct.close();
    server.close();
  }

  private CuratorFramework client() throws InterruptedException {
    CuratorFramework client = ZooKeeperFixtures.newClient(proxy.connectString(), SESSION);
    closeables.add(client);
    assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
    return client;
  }

  @Test
  void aPlainCreateIsAppliedAndCuratorsRetryFindsTheNodeThere() throws Exception {
    CuratorFramework client = client();
    StateLog states = StateLog.attach(client);
    long session = client.getZookeeperClient().getZooKeeper().getSessionId();

    CompletableFuture<Void> cut = proxy.cutAfterNextRequest(ZkOpCodes.CREATE2);
    Throwable thrown = catchThrowable(() -> client.create().forPath("/plain", "x".getBytes(UTF_8)));

    cut.get(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(new String(direct.getData().forPath("/plain"), UTF_8)).isEqualTo("x");
    // Curator retried the create after the connection loss; the first attempt had already made it.
    assertThat(thrown).isInstanceOf(KeeperException.NodeExistsException.class);
    assertThat(proxy.connectionsAccepted()).isEqualTo(2);
    assertThat(states.states())
        .contains(ConnectionState.SUSPENDED, ConnectionState.RECONNECTED)
        .doesNotContain(ConnectionState.LOST);
    assertThat(client.getZookeeperClient().getZooKeeper().getSessionId()).isEqualTo(session);
  }

  @Test
  void anIdempotentCreateSucceedsWhenItsRetryFindsItsOwnNode() throws Exception {
    CuratorFramework client = client();

    CompletableFuture<Void> cut = proxy.cutAfterNextRequest(ZkOpCodes.CREATE2);
    String created = client.create().idempotent().forPath("/idempotent", "x".getBytes(UTF_8));

    cut.get(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(created).isEqualTo("/idempotent");
    assertThat(new String(direct.getData().forPath("/idempotent"), UTF_8)).isEqualTo("x");
  }

  @Test
  void aProtectedSequentialCreateLeavesExactlyOneNode() throws Exception {
    CuratorFramework client = client();
    direct.create().forPath("/locks");

    CompletableFuture<Void> cut = proxy.cutAfterNextRequest(ZkOpCodes.CREATE2);
    String created =
        client
            .create()
            .withProtection()
            .withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
            .forPath("/locks/lock-");

    cut.get(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
    List<String> children = direct.getChildren().forPath("/locks");
    assertThat(children).hasSize(1);
    assertThat(created).isEqualTo("/locks/" + children.get(0));
    assertThat(children.get(0)).startsWith("_c_").contains("-lock-");
  }

  @Test
  void onlyTheConnectionCarryingTheRequestIsCutAndLaterRequestsPass() throws Exception {
    CuratorFramework writer = client();
    CuratorFramework bystander = client();
    StateLog bystanderStates = StateLog.attach(bystander);

    CompletableFuture<Void> cut = proxy.cutAfterNextRequest(ZkOpCodes.SET_DATA);
    direct.create().forPath("/value");
    Throwable thrown =
        catchThrowable(() -> writer.setData().forPath("/value", "1".getBytes(UTF_8)));
    cut.get(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(thrown)
        .isNull(); // Curator retried the (idempotent) setData after the connection loss
    assertThat(direct.checkExists().forPath("/value").getVersion()).isEqualTo(2); // applied twice

    writer.setData().forPath("/value", "2".getBytes(UTF_8));
    assertThat(new String(direct.getData().forPath("/value"), UTF_8)).isEqualTo("2");
    assertThat(bystanderStates.states())
        .doesNotContain(ConnectionState.SUSPENDED, ConnectionState.LOST);
    assertThat(bystander.checkExists().forPath("/value")).isNotNull();
    assertThat(proxy.openConnections()).isEqualTo(2);
    assertThat(proxy.connectionsAccepted()).isEqualTo(3);
  }
}
