// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import static dev.baton.demo.CommandLines.nonBlank;
import static dev.baton.demo.CommandLines.range;

import dev.baton.demo.CommandLines;
import dev.baton.demo.DemoDefaults;
import dev.baton.demo.web.AllowedHosts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The launcher's command line ({@code demo-cluster/run}), parsed and checked; see {@link #usage()}.
 */
@Command(name = "demo-cluster/run", sortOptions = false, description = "Runs the Baton demo.")
public final class DemoOptions {
  @Option(
      names = "--workers",
      paramLabel = "N",
      description = "worker processes at start (default ${DEFAULT-VALUE}, 1-16)")
  private int workers = DemoDefaults.WORKERS;

  @Option(
      names = "--servers",
      paramLabel = "N",
      description = "ZooKeeper servers to start (default ${DEFAULT-VALUE}, 1-7)")
  private int servers = DemoDefaults.SERVERS;

  @Option(
      names = "--zookeeper",
      paramLabel = "HOST:PORT,..",
      description = "use this ensemble instead of starting one")
  private String zookeeper;

  @Option(
      names = "--port",
      paramLabel = "P",
      description = "dashboard port (default ${DEFAULT-VALUE}, 0 = any free)")
  private int port = DemoDefaults.DASHBOARD_PORT;

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      description = "dashboard address (default ${DEFAULT-VALUE}; 0.0.0.0 = every interface)")
  private String bind = "127.0.0.1";

  @Option(
      names = AllowedHosts.OPTION,
      paramLabel = "H,..",
      description = {
        "Host names the dashboard answers to besides localhost, 127.0.0.1 and [::1] on its port:",
        "name (any port) or name:port; on any --bind, other names are refused (stops DNS rebinding)"
      })
  private List<String> allowedHosts = new ArrayList<>();

  @Option(
      names = "--jdbc",
      paramLabel = "URL",
      description = "database for jobs and results (default: embedded H2)")
  private String jdbcUrl;

  @Option(
      names = "--jdbc-user",
      paramLabel = "U",
      description = "its user (default ${DEFAULT-VALUE})")
  private String jdbcUser = "baton";

  @Option(names = "--jdbc-password", paramLabel = "P", description = "its password")
  private String jdbcPassword = "baton";

  @Option(
      names = "--tls",
      description = "TLS between workers and the demo's ensemble (certificates made at start)")
  private boolean tls;

  @Option(
      names = "--partitions",
      paramLabel = "N",
      description = "partitions of the stream (default ${DEFAULT-VALUE})")
  private int partitions = DemoDefaults.PARTITIONS;

  @Option(
      names = "--session-timeout-ms",
      paramLabel = "MS",
      description = "worker session timeout (default ${DEFAULT-VALUE}, 2000-20000)")
  private int sessionTimeoutMs = (int) DemoDefaults.SESSION_TIMEOUT.toMillis();

  private DemoOptions() {}

  /** The options' help text. */
  public static String usage() {
    return CommandLines.usage(new DemoOptions());
  }

  /**
   * Parses {@code args}.
   *
   * @throws IllegalArgumentException naming the bad option
   */
  public static DemoOptions parse(String... args) {
    DemoOptions o = CommandLines.parse(new DemoOptions(), args);
    range("--workers", o.workers, 1, 16);
    range("--servers", o.servers, 1, 7);
    range("--port", o.port, 0, 65535);
    range("--partitions", o.partitions, 1, 1000);
    range("--session-timeout-ms", o.sessionTimeoutMs, 2000, 20000);
    nonBlank("--bind", o.bind);
    List<String> hosts = new ArrayList<>();
    for (String value : o.allowedHosts) {
      for (String entry : value.split(",", -1)) {
        AllowedHosts.check(entry);
        hosts.add(entry.strip());
      }
    }
    o.allowedHosts = List.copyOf(hosts);
    if (o.zookeeper != null) {
      nonBlank("--zookeeper", o.zookeeper);
      if (o.tls) {
        throw new IllegalArgumentException(
            "--tls configures the demo's own ensemble; it cannot be used with --zookeeper");
      }
    }
    if (o.jdbcUrl != null) {
      nonBlank("--jdbc", o.jdbcUrl);
    }
    return o;
  }

  /** Worker processes started at first. */
  public int workers() {
    return workers;
  }

  /** ZooKeeper servers of the demo's own ensemble. */
  public int servers() {
    return servers;
  }

  /** An existing ensemble to use instead of starting one (no ZooKeeper-server faults then). */
  public Optional<String> zookeeper() {
    return Optional.ofNullable(zookeeper);
  }

  /** The dashboard's address. */
  public String bind() {
    return bind;
  }

  /** The dashboard's port, 0 for a free one. */
  public int port() {
    return port;
  }

  /** {@code Host} names the dashboard answers to besides its own (see {@link AllowedHosts}). */
  public List<String> allowedHosts() {
    return allowedHosts;
  }

  /** The database (PostgreSQL); empty for the embedded H2 server. */
  public Optional<String> jdbcUrl() {
    return Optional.ofNullable(jdbcUrl);
  }

  public String jdbcUser() {
    return jdbcUser;
  }

  public String jdbcPassword() {
    return jdbcPassword;
  }

  /** Whether the demo's own ensemble and the workers talk TLS (certificates made at start). */
  public boolean tls() {
    return tls;
  }

  /** Partitions of the synthetic stream. */
  public int partitions() {
    return partitions;
  }

  /** Every worker's session timeout. */
  public Duration sessionTimeout() {
    return Duration.ofMillis(sessionTimeoutMs);
  }
}
