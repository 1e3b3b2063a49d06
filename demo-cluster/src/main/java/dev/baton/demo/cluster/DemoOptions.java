// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import dev.baton.demo.DemoDefaults;
import dev.baton.demo.web.AllowedHosts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The launcher's command line, parsed and validated. {@link #usage()} lists the options with their
 * defaults.
 *
 * @param workers worker processes started at first
 * @param servers ZooKeeper servers of the demo's own ensemble
 * @param zookeeper an existing ensemble to use instead of starting one (ZooKeeper-server faults are
 *     then unavailable)
 * @param bind the dashboard's address
 * @param port the dashboard's port, 0 for a free one
 * @param allowedHosts {@code Host} names the dashboard answers to besides its loopback names and
 *     its bound address ({@code name} on any port or {@code name:port}; see {@link AllowedHosts})
 * @param jdbcUrl the database (PostgreSQL); empty for the embedded H2 server
 * @param jdbcUser its user
 * @param jdbcPassword its password
 * @param tls whether the demo's own ensemble and the workers talk TLS (test certificates made at
 *     start)
 * @param partitions partitions of the synthetic stream
 * @param sessionTimeout every worker's session timeout
 */
public record DemoOptions(
    int workers,
    int servers,
    Optional<String> zookeeper,
    String bind,
    int port,
    List<String> allowedHosts,
    Optional<String> jdbcUrl,
    String jdbcUser,
    String jdbcPassword,
    boolean tls,
    int partitions,
    Duration sessionTimeout) {

  /** The options' help text. */
  public static String usage() {
    return String.join(
        "\n",
        "usage: demo-cluster/run [options]",
        "  --workers N             worker processes at start (default "
            + DemoDefaults.WORKERS
            + ", 1-16)",
        "  --servers N             ZooKeeper servers to start (default "
            + DemoDefaults.SERVERS
            + ", 1-7)",
        "  --zookeeper HOST:PORT,.. use this ensemble instead of starting one",
        "  --port P                dashboard port (default "
            + DemoDefaults.DASHBOARD_PORT
            + ", 0 = any free)",
        "  --bind ADDR             dashboard address (default 127.0.0.1; 0.0.0.0 = every interface)",
        "  --allowed-hosts H,..    Host names the dashboard answers to besides localhost, 127.0.0.1",
        "                          and [::1] on its port: name (any port) or name:port; on any",
        "                          --bind, other names are refused (stops DNS rebinding)",
        "  --jdbc URL              database for jobs and results (default: embedded H2)",
        "  --jdbc-user U, --jdbc-password P",
        "  --tls                   TLS between workers and the demo's ensemble (certificates made at start)",
        "  --partitions N          partitions of the stream (default "
            + DemoDefaults.PARTITIONS
            + ")",
        "  --session-timeout-ms MS worker session timeout (default "
            + DemoDefaults.SESSION_TIMEOUT.toMillis()
            + ", 2000-20000)");
  }

  /**
   * Parses {@code args}.
   *
   * @throws IllegalArgumentException naming the bad option
   */
  public static DemoOptions parse(String... args) {
    int workers = DemoDefaults.WORKERS;
    int servers = DemoDefaults.SERVERS;
    String zookeeper = null;
    String bind = "127.0.0.1";
    int port = DemoDefaults.DASHBOARD_PORT;
    List<String> allowedHosts = new ArrayList<>();
    String jdbc = null;
    String user = "baton";
    String password = "baton";
    boolean tls = false;
    int partitions = DemoDefaults.PARTITIONS;
    long sessionMs = DemoDefaults.SESSION_TIMEOUT.toMillis();
    for (int i = 0; i < args.length; i++) {
      String option = args[i];
      if (option.equals("--tls")) {
        tls = true;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("unknown option or missing value: " + option);
      }
      String value = args[++i];
      switch (option) {
        case "--workers" -> workers = number(option, value, 1, 16);
        case "--servers" -> servers = number(option, value, 1, 7);
        case "--zookeeper" -> zookeeper = nonEmpty(option, value);
        case "--port" -> port = number(option, value, 0, 65535);
        case "--bind" -> bind = nonEmpty(option, value);
        case AllowedHosts.OPTION -> allowedHosts.addAll(hosts(value));
        case "--jdbc" -> jdbc = nonEmpty(option, value);
        case "--jdbc-user" -> user = value;
        case "--jdbc-password" -> password = value;
        case "--partitions" -> partitions = number(option, value, 1, 1000);
        case "--session-timeout-ms" -> sessionMs = number(option, value, 2000, 20000);
        default -> throw new IllegalArgumentException("unknown option " + option);
      }
    }
    if (tls && zookeeper != null) {
      throw new IllegalArgumentException(
          "--tls configures the demo's own ensemble; it cannot be used with --zookeeper");
    }
    return new DemoOptions(
        workers,
        servers,
        Optional.ofNullable(zookeeper),
        bind,
        port,
        List.copyOf(allowedHosts),
        Optional.ofNullable(jdbc),
        user,
        password,
        tls,
        partitions,
        Duration.ofMillis(sessionMs));
  }

  private static int number(String option, String value, int min, int max) {
    int n;
    try {
      n = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a number, got '" + value + "'");
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(option + " must be " + min + " to " + max + ", got " + n);
    }
    return n;
  }

  /** A comma-separated {@code --allowed-hosts} value, each entry checked. */
  private static List<String> hosts(String value) {
    List<String> out = new ArrayList<>();
    for (String entry : value.split(",", -1)) {
      AllowedHosts.check(entry);
      out.add(entry.strip());
    }
    return out;
  }

  private static String nonEmpty(String option, String value) {
    if (value.isBlank()) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return value;
  }
}
