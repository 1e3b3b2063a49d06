// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;
import javax.security.auth.login.Configuration;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.AuthFailedException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.ClientInfo;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ZkProcessEnsemble.Builder}'s security against real server processes: a client with the
 * certificates of {@link TestCertificates} connects to the TLS port and is known by its
 * certificate's subject; clients with another CA's trust store or key store do not get a session; a
 * client with a JAAS {@code Client} section authenticates with SASL DIGEST-MD5 as a user of {@link
 * ZkProcessEnsemble.Builder#saslDigestUsers(Map)}, once out of ZooKeeper's FIPS mode.
 */
class ZkProcessEnsembleSecurityTest {
  // A ZooKeeper client gives each connection attempt its session timeout: a TLS handshake with a
  // server JVM that just started took longer than 10 s on a loaded machine (two builds' tests at
  // once), so every attempt was cut and started over. No test here waits for a session to expire.
  private static final int SESSION_MS = 30_000;
  private static final Duration WITHIN = Duration.ofSeconds(60);

  /** How long a client that must not get a session is given to try. */
  private static final Duration REFUSED_FOR = Duration.ofSeconds(2);

  // ZooDefs.Ids' own lists carry SpotBugs annotations javac warns about without SpotBugs around;
  // not List.of: ZooKeeper asks its ACL list whether it contains null.
  private static final List<ACL> CREATOR_ALL =
      Collections.singletonList(new ACL(ZooDefs.Perms.ALL, new Id("auth", "")));
  private static final List<ACL> OPEN =
      Collections.singletonList(new ACL(ZooDefs.Perms.ALL, new Id("world", "anyone")));

  @RegisterExtension final Closer closer = new Closer();
  @TempDir Path dir;

  private Configuration jaasBefore;

  @BeforeEach
  void rememberJaas() {
    jaasBefore = Configuration.getConfiguration();
  }

  @AfterEach
  void restoreJaas() {
    Configuration.setConfiguration(jaasBefore);
  }

  @Test
  void tlsClientUsesTheSecurePortAndIsKnownByItsCertificate() throws Exception {
    TestCertificates certs = TestCertificates.create(dir.resolve("certs"));
    ZkProcessEnsemble zk = closer.add(ZkProcessEnsemble.builder().size(1).tls(certs).start());
    int securePort = zk.securePort(0);
    assertThat(securePort).isNotEqualTo(zk.clientPort(0));
    assertThat(zk.secureConnectString()).isEqualTo("127.0.0.1:" + securePort);
    assertThat(Files.readString(zk.dataDir(0).resolveSibling("zoo.cfg")))
        .contains("secureClientPort=" + securePort)
        .contains("serverCnxnFactory=org.apache.zookeeper.server.NettyServerCnxnFactory");

    States states = new States();
    ZooKeeper client =
        closer.add(
            new ZooKeeper(zk.secureConnectString(), SESSION_MS, states, certs.clientConfig()));
    states.await(KeeperState.SyncConnected, WITHIN);

    assertThat(client.whoAmI())
        .anySatisfy(
            info -> {
              assertThat(info.getAuthScheme()).isEqualTo("x509");
              assertThat(info.getUser())
                  .isEqualTo(certs.clientSubject())
                  .isEqualTo("CN=baton-client");
            });
    client.create("/secure", "s".getBytes(UTF_8), CREATOR_ALL, CreateMode.PERSISTENT);
    assertThat(new String(client.getData("/secure", false, null), UTF_8)).isEqualTo("s");
    // CREATOR_ALL_ACL names the authenticated ids of the creator: the certificate's subject.
    assertThat(client.getACL("/secure", new Stat()))
        .containsExactly(new ACL(ZooDefs.Perms.ALL, new Id("x509", certs.clientSubject())));

    // Curator, with the same configuration, reads it as the same identity.
    CuratorFramework curator =
        closer.add(
            CuratorFrameworkFactory.builder()
                .connectString(zk.secureConnectString())
                .zkClientConfig(certs.clientConfig())
                .sessionTimeoutMs(SESSION_MS)
                .connectionTimeoutMs(5000)
                .retryPolicy(new RetryOneTime(100))
                .build());
    curator.start();
    assertThat(new String(curator.getData().forPath("/secure"), UTF_8)).isEqualTo("s");
  }

  @Test
  void theSecurePortStaysAcrossARestart() throws Exception {
    TestCertificates certs = TestCertificates.create(dir.resolve("certs"), "restarter");
    ZkProcessEnsemble zk = closer.add(ZkProcessEnsemble.builder().size(1).tls(certs).start());
    int securePort = zk.securePort(0);
    States before = new States();
    ZooKeeper first =
        closer.add(
            new ZooKeeper(zk.secureConnectString(), SESSION_MS, before, certs.clientConfig()));
    before.await(KeeperState.SyncConnected, WITHIN);
    first.create("/kept", new byte[0], OPEN, CreateMode.PERSISTENT);

    zk.restart(0);
    zk.awaitQuorum(ZkProcessEnsemble.START_TIMEOUT); // a restart is a start

    assertThat(zk.securePort(0)).isEqualTo(securePort);
    States after = new States();
    ZooKeeper second =
        closer.add(
            new ZooKeeper(zk.secureConnectString(), SESSION_MS, after, certs.clientConfig()));
    after.await(KeeperState.SyncConnected, WITHIN);
    assertThat(second.exists("/kept", false)).isNotNull();
    assertThat(second.whoAmI()).extracting(ClientInfo::getUser).contains("CN=restarter");
  }

  @Test
  void clientsOfAnotherCaGetNoSession() throws Exception {
    TestCertificates certs = TestCertificates.create(dir.resolve("certs"));
    TestCertificates other = TestCertificates.create(dir.resolve("other"));
    ZkProcessEnsemble zk = closer.add(ZkProcessEnsemble.builder().size(1).tls(certs).start());

    // A client that does not trust the server's CA: it rejects the server's certificate.
    ZKClientConfig distrusting = certs.clientConfig();
    distrusting.setProperty("zookeeper.ssl.trustStore.location", other.trustStore().toString());
    distrusting.setProperty("zookeeper.ssl.trustStore.password", other.password());
    States rejecting = new States();
    closer.add(new ZooKeeper(zk.secureConnectString(), SESSION_MS, rejecting, distrusting));
    assertThat(rejecting.reaches(KeeperState.SyncConnected, REFUSED_FOR))
        .as("states %s", rejecting)
        .isFalse();
    await()
        .atMost(WITHIN)
        .until(
            () -> zk.logTail(0, 1000).stream().anyMatch(l -> l.contains("Unsuccessful handshake")));

    // A client whose certificate the server's CA did not sign: the server requires client auth.
    ZKClientConfig stranger = certs.clientConfig();
    stranger.setProperty("zookeeper.ssl.keyStore.location", other.clientKeyStore().toString());
    stranger.setProperty("zookeeper.ssl.keyStore.password", other.password());
    States rejected = new States();
    closer.add(new ZooKeeper(zk.secureConnectString(), SESSION_MS, rejected, stranger));
    assertThat(rejected.reaches(KeeperState.SyncConnected, REFUSED_FOR))
        .as("states %s", rejected)
        .isFalse();

    // The server itself is fine: the right certificates still get a session.
    States accepted = new States();
    closer.add(new ZooKeeper(zk.secureConnectString(), SESSION_MS, accepted, certs.clientConfig()));
    accepted.await(KeeperState.SyncConnected, WITHIN);
    assertThat(accepted.states()).contains(KeeperState.SyncConnected);
  }

  @Test
  void saslDigestUserAuthenticatesAndAWrongPasswordFails() throws Exception {
    ZkProcessEnsemble zk =
        closer.add(
            ZkProcessEnsemble.builder()
                .size(1)
                .saslDigestUsers(Map.of("svc", "svc-secret"))
                .start());
    Path serverDir = zk.dataDir(0).getParent();
    assertThat(Files.readString(serverDir.resolve("zoo.cfg")))
        .contains("authProvider.1=org.apache.zookeeper.server.auth.SASLAuthenticationProvider");
    assertThat(Files.readString(serverDir.resolveSibling("jaas.conf")))
        .contains(
            "Server {",
            "org.apache.zookeeper.server.auth.DigestLoginModule required",
            "user_svc=\"svc-secret\"");
    assertThatThrownBy(zk::secureConnectString).isInstanceOf(IllegalStateException.class);

    Configuration.setConfiguration(digestClient("svc", "svc-secret"));
    // In FIPS mode, ZooKeeper's default, the client refuses DIGEST-MD5 and ends up unusable.
    States fips = new States();
    ZooKeeper fipsClient = closer.add(new ZooKeeper(zk.connectString(), SESSION_MS, fips));
    await().atMost(WITHIN).until(() -> fips.states().contains(null));
    assertThatThrownBy(() -> fipsClient.exists("/", false)).isInstanceOf(AuthFailedException.class);

    States states = new States();
    ZooKeeper client =
        closer.add(new ZooKeeper(zk.connectString(), SESSION_MS, states, digestClientConfig()));
    states.await(KeeperState.SaslAuthenticated, WITHIN);
    assertThat(client.whoAmI())
        .anySatisfy(
            info -> {
              assertThat(info.getAuthScheme()).isEqualTo("sasl");
              assertThat(info.getUser()).isEqualTo("svc");
            });
    client.create("/sasl", new byte[0], CREATOR_ALL, CreateMode.PERSISTENT);
    assertThat(client.getACL("/sasl", new Stat()))
        .containsExactly(new ACL(ZooDefs.Perms.ALL, new Id("sasl", "svc")));

    Configuration.setConfiguration(digestClient("svc", "not-the-secret"));
    States failing = new States();
    closer.add(new ZooKeeper(zk.connectString(), SESSION_MS, failing, digestClientConfig()));
    failing.await(KeeperState.AuthFailed, WITHIN);
    assertThat(failing.states()).doesNotContain(KeeperState.SaslAuthenticated);
  }

  @Test
  void builderRejectsWhatTheEnsembleManagesItself() {
    ZkProcessEnsemble.Builder builder = ZkProcessEnsemble.builder();
    assertThatThrownBy(() -> builder.size(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> builder.size(ZkProcessEnsemble.MAX_SIZE + 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> builder.serverProperty("clientPort", "2181"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> builder.serverProperty("server.1", "127.0.0.1:1:2"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> builder.saslDigestUsers(Map.of("no spaces", "pw")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> builder.saslDigestUsers(Map.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(builder.serverProperty("tickTime", "500").jvmOption("-Dbaton.x=y"))
        .isSameAs(builder);
  }

  /**
   * A client configuration that allows DIGEST-MD5: ZooKeeper 3.9 clients refuse it in FIPS mode,
   * their default ("Client will not use DIGEST-MD5 as SASL mechanism, because FIPS mode is
   * enabled").
   */
  private static ZKClientConfig digestClientConfig() {
    ZKClientConfig config = new ZKClientConfig();
    config.setProperty("zookeeper.fips-mode", "false");
    return config;
  }

  /** A JAAS configuration whose {@code Client} section logs in to ZooKeeper with DIGEST-MD5. */
  private Configuration digestClient(String user, String password) {
    Configuration previous = jaasBefore;
    AppConfigurationEntry[] client = {
      new AppConfigurationEntry(
          "org.apache.zookeeper.server.auth.DigestLoginModule",
          LoginModuleControlFlag.REQUIRED,
          Map.of("username", user, "password", password))
    };
    return new Configuration() {
      @Override
      public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        return "Client".equals(name) ? client : previous.getAppConfigurationEntry(name);
      }
    };
  }

  /** The session states a ZooKeeper client's default watcher sees. */
  private static final class States implements Watcher {
    private final List<Optional<KeeperState>> seen = new CopyOnWriteArrayList<>();
    private final Map<KeeperState, CountDownLatch> latches = new ConcurrentHashMap<>();

    @Override
    public void process(WatchedEvent event) {
      if (event.getType() == Event.EventType.None) {
        // ZooKeeper reports a SASL client that cannot start with an event of state null.
        seen.add(Optional.ofNullable(event.getState()));
        if (event.getState() != null) {
          latch(event.getState()).countDown();
        }
      }
    }

    /** The states so far, null for an event without one. */
    List<KeeperState> states() {
      return seen.stream().map(s -> s.orElse(null)).collect(Collectors.toList());
    }

    /** Whether {@code state} comes within {@code within}. */
    boolean reaches(KeeperState state, Duration within) throws InterruptedException {
      return latch(state).await(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    void await(KeeperState state, Duration within) throws InterruptedException {
      assertThat(reaches(state, within))
          .as("%s within %s; states %s", state, within, states())
          .isTrue();
    }

    private CountDownLatch latch(KeeperState state) {
      return latches.computeIfAbsent(state, s -> new CountDownLatch(1));
    }

    @Override
    public String toString() {
      return states().toString();
    }
  }
}
