// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import static dev.baton.demo.CommandLines.nonBlank;
import static dev.baton.demo.CommandLines.range;

import dev.baton.demo.CommandLines;
import dev.baton.demo.DemoDefaults;
import dev.baton.demo.web.AllowedHosts;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The launcher's command line ({@code demo-cluster/run}), a picocli annotated interface. */
@Command(name = "demo-cluster/run", sortOptions = false, description = "Runs the Baton demo.")
public interface DemoOptions {
  @Option(
      names = "--workers",
      paramLabel = "N",
      defaultValue = "" + DemoDefaults.WORKERS,
      description = "worker processes at start (default ${DEFAULT-VALUE}, 1-16)")
  int workers();

  @Option(
      names = "--servers",
      paramLabel = "N",
      defaultValue = "" + DemoDefaults.SERVERS,
      description = "ZooKeeper servers to start (default ${DEFAULT-VALUE}, 1-7)")
  int servers();

  @Option(
      names = "--zookeeper",
      paramLabel = "HOST:PORT,..",
      description = "use this ensemble instead of starting one")
  Optional<String> zookeeper();

  @Option(
      names = "--port",
      paramLabel = "P",
      defaultValue = "" + DemoDefaults.DASHBOARD_PORT,
      description = "dashboard port (default ${DEFAULT-VALUE}, 0 = any free)")
  int port();

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      defaultValue = "127.0.0.1",
      description = "dashboard address (default ${DEFAULT-VALUE}; 0.0.0.0 = every interface)")
  String bind();

  // Null when not given: picocli leaves an unmatched list null.
  @Option(
      names = AllowedHosts.OPTION,
      paramLabel = "H,..",
      split = ",",
      description = {
        "Host names the dashboard answers to besides localhost, 127.0.0.1 and [::1] on its port:",
        "name (any port) or name:port; on any --bind, other names are refused (stops DNS rebinding)"
      })
  List<String> allowedHosts();

  @Option(
      names = "--jdbc",
      paramLabel = "URL",
      description = "database for jobs and results (default: embedded H2)")
  Optional<String> jdbcUrl();

  @Option(
      names = "--jdbc-user",
      paramLabel = "U",
      defaultValue = "baton",
      description = "its user (default ${DEFAULT-VALUE})")
  String jdbcUser();

  @Option(
      names = "--jdbc-password",
      paramLabel = "P",
      defaultValue = "baton",
      description = "its password")
  String jdbcPassword();

  @Option(
      names = "--tls",
      description = "TLS between workers and the demo's ensemble (certificates made at start)")
  boolean tls();

  @Option(
      names = "--partitions",
      paramLabel = "N",
      defaultValue = "" + DemoDefaults.PARTITIONS,
      description = "partitions of the stream (default ${DEFAULT-VALUE})")
  int partitions();

  @Option(
      names = "--session-timeout-ms",
      paramLabel = "MS",
      defaultValue = "" + DemoDefaults.SESSION_TIMEOUT_MS,
      description = "worker session timeout (default ${DEFAULT-VALUE}, 2000-20000)")
  int sessionTimeoutMs();

  /** The options' help text. */
  static String usage() {
    return CommandLines.usage(DemoOptions.class);
  }

  /** Parses {@code args}; a bad one is an {@link IllegalArgumentException} naming it. */
  static DemoOptions parse(String... args) {
    DemoOptions o = CommandLines.parse(DemoOptions.class, args);
    range("--workers", o.workers(), 1, 16);
    range("--servers", o.servers(), 1, 7);
    range("--port", o.port(), 0, 65535);
    range("--partitions", o.partitions(), 1, 1000);
    range("--session-timeout-ms", o.sessionTimeoutMs(), 2000, 20000);
    nonBlank("--bind", o.bind());
    Objects.requireNonNullElse(o.allowedHosts(), List.<String>of()).forEach(AllowedHosts::check);
    o.zookeeper().ifPresent(zk -> nonBlank("--zookeeper", zk));
    if (o.zookeeper().isPresent() && o.tls()) {
      throw new IllegalArgumentException(
          "--tls configures the demo's own ensemble; it cannot be used with --zookeeper");
    }
    o.jdbcUrl().ifPresent(url -> nonBlank("--jdbc", url));
    return o;
  }
}
