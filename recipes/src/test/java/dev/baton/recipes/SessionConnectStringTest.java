// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.client.ConnectStringParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link SessionConfig.Builder#build()} checks the connect string; start fails fast on it. */
class SessionConnectStringTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "127.0.0.1:2181",
        "zk1",
        "zk1:2181,zk2:2182,zk-3.example.org:65535",
        "zk1:2181, zk2:2181",
        "zk1:2181/app/chroot",
        "zk1:2181/",
        "[::1]:2181",
        "[::1]",
        "[fe80::1%eth0]:2181,[::ffff:127.0.0.1]:1",
        "zk_1:1"
      })
  void acceptsWhatZooKeeperAccepts(String connectString) {
    assertThat(SessionConfig.builder(connectString).build().connectString())
        .isEqualTo(connectString);
    assertThatCode(() -> new ConnectStringParser(connectString)).doesNotThrowAnyException();
  }

  static Stream<Arguments> rejectsABadPartNamingIt() {
    return Stream.of(
        Arguments.of("garbage:not-a-port", "port 'not-a-port' of server 'garbage:not-a-port'"),
        Arguments.of("zk1:2181,zk2:0", "port '0' of server 'zk2:0' is not a number from 1"),
        Arguments.of("zk1:65536", "port '65536'"),
        Arguments.of("zk1:+2181", "port '+2181'"),
        Arguments.of("zk1:\u0662\u0661\u0668\u0661", "port '\\u0662\\u0661\\u0668\\u0661'"),
        Arguments.of("zk1:", "port ''"),
        Arguments.of("zk1:99999999999", "port '99999999999'"),
        Arguments.of("::1:2181", "an IPv6 address must be in brackets"),
        Arguments.of("[::1:2181", "has '[' but no ']'"),
        Arguments.of("[]:2181", "no IPv6 address between [ and ]"),
        Arguments.of("[zk1]:2181", "no IPv6 address between [ and ]"),
        Arguments.of("[::1]2181", "no ':' after ']'"),
        Arguments.of("zk 1:2181", "host 'zk 1'"),
        Arguments.of(":2181", "host ''"),
        Arguments.of("zk1:2181\nforged", "port '2181\\u000aforged'"),
        Arguments.of("zk1:2181/app//x", "chroot '/app//x'"),
        Arguments.of(" , ", "no server"),
        Arguments.of("/app", "no server"));
  }

  @ParameterizedTest
  @MethodSource
  void rejectsABadPartNamingIt(String connectString, String named) {
    assertThatThrownBy(() -> SessionConfig.builder(connectString).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("invalid connectString '")
        .hasMessageContaining(named)
        .hasMessageNotContaining("\n");
  }

  @Test
  void startSurfacesZooKeepersOwnErrorAtOnceInsteadOfWaitingOutTheTimeout() {
    // What BatonSession.start did with "garbage:not-a-port" before build() checked it: Curator
    // only logs ZooKeeper's NumberFormatException, and the start waited out the whole timeout.
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString("garbage:not-a-port")
            .connectionTimeoutMs(30_000)
            .retryPolicy(new RetryOneTime(1))
            .build();
    Instant before = Instant.now();
    assertThatThrownBy(
            () ->
                SessionConnect.startAndAwait(
                    client, "garbage:not-a-port", Duration.ofSeconds(30), false))
        .isInstanceOf(CoordinationException.class)
        .hasMessageContaining("garbage:not-a-port", "refused to start")
        .hasRootCauseInstanceOf(NumberFormatException.class);
    assertThat(Duration.between(before, Instant.now())).isLessThan(Duration.ofSeconds(10));
    assertThat(client.getState()).isEqualTo(CuratorFrameworkState.STOPPED);
  }

  @Test
  void startStillReportsANonAnsweringEnsembleAfterTheTimeout() {
    SessionConfig config =
        SessionConfig.builder("127.0.0.1:1").connectionTimeout(Duration.ofMillis(300)).build();
    assertThatThrownBy(() -> BatonSession.start(config))
        .isInstanceOf(CoordinationException.class)
        .hasMessageContaining("no ZooKeeper server at 127.0.0.1:1 answered within");
  }
}
