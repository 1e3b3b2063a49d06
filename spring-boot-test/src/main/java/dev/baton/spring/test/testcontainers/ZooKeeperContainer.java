// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A standalone ZooKeeper server in Docker, official image (default {@value #DEFAULT_IMAGE_NAME}),
 * ready once it answers {@code ruok} with {@code imok} ({@link #READY_COMMAND}); Use it as a
 * {@code @ServiceConnection} or via {@link #getConnectString()}.
 */
public class ZooKeeperContainer extends GenericContainer<ZooKeeperContainer> {
  /** The official image and the tag this class is written for. */
  public static final String DEFAULT_IMAGE_NAME = "zookeeper:3.9.5";

  /** The image this class is written for: the official {@code zookeeper} image. */
  public static final DockerImageName DEFAULT_IMAGE = DockerImageName.parse(DEFAULT_IMAGE_NAME);

  /** The official image's repository, without tag: other tags are compatible. */
  private static final DockerImageName OFFICIAL_IMAGE = DockerImageName.parse("zookeeper");

  /** The client port inside the container. */
  public static final int CLIENT_PORT = 2181;

  /** The four-letter words the container allows ({@code ZOO_4LW_COMMANDS_WHITELIST}). */
  public static final String FOUR_LETTER_WORDS = "ruok,srvr,mntr";

  /** The readiness check, run by {@code /bin/sh -c} with the image's bash, timeout and grep. */
  public static final String READY_COMMAND = readyCommand(CLIENT_PORT);

  /** How long {@code start()} waits for the readiness check, image pull excluded. */
  public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

  /** A container of the default image, {@value #DEFAULT_IMAGE_NAME}. */
  public ZooKeeperContainer() {
    this(DEFAULT_IMAGE);
  }

  /** Another official tag or an image declared compatible (else {@link IllegalStateException}). */
  public ZooKeeperContainer(DockerImageName image) {
    super(image);
    image.assertCompatibleWith(OFFICIAL_IMAGE);
    withExposedPorts(CLIENT_PORT);
    withEnv("ZOO_4LW_COMMANDS_WHITELIST", FOUR_LETTER_WORDS);
    withEnv("ZOO_ADMINSERVER_ENABLED", "false");
    waitingFor(Wait.forSuccessfulCommand(READY_COMMAND).withStartupTimeout(STARTUP_TIMEOUT));
  }

  /** A container of {@code imageName}, as {@link #ZooKeeperContainer(DockerImageName)}. */
  public ZooKeeperContainer(String imageName) {
    this(DockerImageName.parse(imageName));
  }

  /** The connect string of the running container's server as the test sees it, host:mapped port. */
  public String getConnectString() {
    int port = getMappedPort(CLIENT_PORT); // first: fails fast, without Docker, if not started
    return connectString(getHost(), port);
  }

  /** {@code host:port}, with an IPv6 address in brackets ({@code [::1]:2181}). */
  static String connectString(String host, int port) {
    boolean ipv6Literal = host.indexOf(':') >= 0 && !host.startsWith("[");
    return (ipv6Literal ? "[" + host + "]" : host) + ":" + port;
  }

  static String readyCommand(int port) {
    return "timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/"
        + port
        + " && printf ruok >&3 && grep -q imok <&3'";
  }
}
