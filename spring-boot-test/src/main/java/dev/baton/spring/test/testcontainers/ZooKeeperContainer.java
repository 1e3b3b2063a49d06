// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A standalone ZooKeeper server in a Docker container, from the official image ({@value
 * #DEFAULT_IMAGE_NAME} by default):
 *
 * <pre>{@code
 * @Container @ServiceConnection
 * static ZooKeeperContainer zooKeeper = new ZooKeeperContainer();
 * }</pre>
 *
 * <p>With {@code @ServiceConnection} (Spring Boot's spring-boot-testcontainers), Baton's starter
 * connects to the container; without Spring, {@link #getConnectString()} is the address to give a
 * {@code SessionConfig}.
 *
 * <p>The container is ready when the server answers the four-letter word {@code ruok} with {@code
 * imok} inside the container ({@link #READY_COMMAND}); the image's {@code
 * ZOO_4LW_COMMANDS_WHITELIST} is set to {@value #FOUR_LETTER_WORDS} for that. The image's
 * AdminServer (HTTP on 8080) is turned off. Other settings of the image go through {@link
 * #withEnv(String, String)} before start: {@code ZOO_TICK_TIME} (2000 ms by default; sessions may
 * last from 2 to 20 ticks) or {@code ZOO_CFG_EXTRA} (space-separated {@code key=value} lines of
 * {@code zoo.cfg}, for example {@code maxSessionTimeout=60000}).
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

  /**
   * The readiness check run in the container by {@code /bin/sh -c}, with bash, {@code timeout} and
   * {@code grep} of the image: the server answers {@code ruok} with {@code imok} once it serves.
   */
  public static final String READY_COMMAND = readyCommand(CLIENT_PORT);

  /** How long {@code start()} waits for the readiness check, image pull excluded. */
  public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

  /** A container of the default image, {@value #DEFAULT_IMAGE_NAME}. */
  public ZooKeeperContainer() {
    this(DEFAULT_IMAGE);
  }

  /**
   * A container of another tag of the official image ({@code zookeeper:3.8.4}), or of an image
   * declared compatible with it ({@code
   * DockerImageName.parse("my/zookeeper:3.9").asCompatibleSubstituteFor("zookeeper")}).
   *
   * @throws IllegalStateException if the image is neither {@code zookeeper} nor declared compatible
   */
  public ZooKeeperContainer(DockerImageName image) {
    super(image);
    image.assertCompatibleWith(OFFICIAL_IMAGE);
    withExposedPorts(CLIENT_PORT);
    withEnv("ZOO_4LW_COMMANDS_WHITELIST", FOUR_LETTER_WORDS);
    withEnv("ZOO_ADMINSERVER_ENABLED", "false");
    waitingFor(Wait.forSuccessfulCommand(READY_COMMAND).withStartupTimeout(STARTUP_TIMEOUT));
  }

  /**
   * A container of the image {@code imageName}, as {@link #ZooKeeperContainer(DockerImageName)}.
   *
   * @throws IllegalStateException if the image is neither {@code zookeeper} nor declared compatible
   */
  public ZooKeeperContainer(String imageName) {
    this(DockerImageName.parse(imageName));
  }

  /**
   * The connect string of the running container's server, as seen from the test: {@code
   * <host>:<mapped port>}.
   *
   * @throws IllegalStateException if the container is not started
   */
  public String getConnectString() {
    int port = getMappedPort(CLIENT_PORT); // first: fails fast, without Docker, if not started
    return connectString(getHost(), port);
  }

  /**
   * A ZooKeeper connect string for one server: {@code host:port}, with an IPv6 address in brackets
   * ({@code [::1]:2181}).
   */
  static String connectString(String host, int port) {
    boolean ipv6Literal = host.indexOf(':') >= 0 && !host.startsWith("[");
    return (ipv6Literal ? "[" + host + "]" : host) + ":" + port;
  }

  /** The readiness check against {@code port} of 127.0.0.1. */
  static String readyCommand(int port) {
    return "timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/"
        + port
        + " && printf ruok >&3 && grep -q imok <&3'";
  }
}
