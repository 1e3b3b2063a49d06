// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.spring.test.EmbeddedZooKeeperServer;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.client.ConnectStringParser;
import org.apache.zookeeper.client.FourLetterWordMain;
import org.apache.zookeeper.server.command.FourLetterCommands;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.util.ReflectionTestUtils;
import org.testcontainers.containers.wait.strategy.ShellStrategy;
import org.testcontainers.containers.wait.strategy.WaitStrategy;
import org.testcontainers.utility.DockerImageName;

/** The container's configuration, checked without a Docker engine (the container never starts). */
class ZooKeeperContainerTest {
  private static final String WHITELIST = "zookeeper.4lw.commands.whitelist";

  private String whitelistBefore;

  @BeforeEach
  void rememberTheFourLetterWords() {
    whitelistBefore = System.getProperty(WHITELIST);
  }

  @AfterEach
  void restoreTheFourLetterWords() {
    if (whitelistBefore == null) {
      System.clearProperty(WHITELIST);
    } else {
      System.setProperty(WHITELIST, whitelistBefore);
    }
    FourLetterCommands.resetWhiteList();
  }

  @Test
  void usesTheOfficialImageItWasWrittenFor() {
    try (ZooKeeperContainer container = new ZooKeeperContainer()) {
      // getDockerImageName() would pull the image; the image's description names it.
      assertThat(container.getImage().toString()).contains("imageName=zookeeper:3.9.5");
      assertThat(ZooKeeperContainer.DEFAULT_IMAGE.getUnversionedPart()).isEqualTo("zookeeper");
      assertThat(ZooKeeperContainer.DEFAULT_IMAGE.getVersionPart()).isEqualTo("3.9.5");
      assertThat(container.getExposedPorts()).containsExactly(2181);
      assertThat(container.getEnvMap())
          .containsEntry("ZOO_4LW_COMMANDS_WHITELIST", "ruok,srvr,mntr")
          .containsEntry("ZOO_ADMINSERVER_ENABLED", "false");
    }
  }

  @Test
  void waitsForTheReadinessCommand() {
    try (StandInZooKeeperContainer container = new StandInZooKeeperContainer()) {
      WaitStrategy strategy = container.configuredWaitStrategy();
      assertThat(strategy).isInstanceOf(ShellStrategy.class);
      assertThat(ReflectionTestUtils.getField(strategy, "command"))
          .isEqualTo(ZooKeeperContainer.READY_COMMAND);
      assertThat(ReflectionTestUtils.getField(strategy, "startupTimeout"))
          .isEqualTo(ZooKeeperContainer.STARTUP_TIMEOUT);
    }
  }

  @Test
  void acceptsOtherTagsAndDeclaredSubstitutesOnly() {
    try (ZooKeeperContainer otherTag = new ZooKeeperContainer("zookeeper:3.8.4");
        ZooKeeperContainer substitute =
            new ZooKeeperContainer(
                DockerImageName.parse("registry.example/zk:1")
                    .asCompatibleSubstituteFor("zookeeper"))) {
      assertThat(otherTag.getImage().toString()).contains("imageName=zookeeper:3.8.4");
      assertThat(substitute.getImage().toString()).contains("imageName=registry.example/zk:1");
    }
    assertThatThrownBy(() -> new ZooKeeperContainer("bitnami/zookeeper:3.9"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("zookeeper");
  }

  @Test
  void aContainerThatIsNotStartedHasNoConnectString() {
    try (ZooKeeperContainer container = new ZooKeeperContainer()) {
      assertThatThrownBy(container::getConnectString)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("started");
    }
  }

  @Test
  void mapsHostAndPortToAConnectStringThatZooKeeperParses() {
    assertThat(ZooKeeperContainer.connectString("localhost", 32768)).isEqualTo("localhost:32768");
    assertThat(ZooKeeperContainer.connectString("10.1.2.3", 5)).isEqualTo("10.1.2.3:5");
    assertThat(ZooKeeperContainer.connectString("::1", 5)).isEqualTo("[::1]:5");
    assertThat(ZooKeeperContainer.connectString("[::1]", 5)).isEqualTo("[::1]:5");

    InetSocketAddress parsed =
        new ConnectStringParser(ZooKeeperContainer.connectString("fe80::1", 32768))
            .getServerAddresses()
            .get(0);
    assertThat(parsed.getHostString()).isEqualTo("fe80::1");
    assertThat(parsed.getPort()).isEqualTo(32768);
  }

  @Test
  void theReadinessCheckPassesOnAServerThatAllowsRuok() throws Exception {
    try (EmbeddedZooKeeperServer server = EmbeddedZooKeeperServer.start()) {
      allowFourLetterWords(ZooKeeperContainer.FOUR_LETTER_WORDS);
      assertThat(FourLetterWordMain.send4LetterWord("127.0.0.1", server.port(), "ruok"))
          .isEqualTo("imok\n");
      assertThat(exitCode(ZooKeeperContainer.readyCommand(server.port()))).isZero();
    }
  }

  @Test
  void theReadinessCheckFailsWhenTheServerRefusesRuok() throws Exception {
    try (EmbeddedZooKeeperServer server = EmbeddedZooKeeperServer.start()) {
      allowFourLetterWords("srvr");
      assertThat(FourLetterWordMain.send4LetterWord("127.0.0.1", server.port(), "ruok"))
          .contains("not in the whitelist");
      assertThat(exitCode(ZooKeeperContainer.readyCommand(server.port()))).isNotZero();
    }
  }

  @Test
  void theReadinessCheckFailsWhenNothingListens() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    assertThat(exitCode(ZooKeeperContainer.readyCommand(closedPort))).isNotZero();
  }

  @Test
  void theReadinessCommandIsTheOneForTheClientPort() {
    assertThat(ZooKeeperContainer.READY_COMMAND)
        .isEqualTo(ZooKeeperContainer.readyCommand(2181))
        .contains("/dev/tcp/127.0.0.1/2181", "ruok", "imok");
  }

  /**
   * The in-process server reads its four-letter-word list from a system property once per JVM,
   * unless reset; curator-test sets that property to {@code *} when it starts a server.
   */
  private static void allowFourLetterWords(String words) {
    System.setProperty(WHITELIST, words);
    FourLetterCommands.resetWhiteList();
  }

  /** Runs the command as Testcontainers' ShellStrategy does in the container: /bin/sh -c. */
  private static int exitCode(String command) throws Exception {
    Process process = new ProcessBuilder("/bin/sh", "-c", command).inheritIO().start();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("the readiness command did not end within 10 s: " + command);
    }
    return process.exitValue();
  }
}
