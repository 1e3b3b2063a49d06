// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import static dev.baton.demo.CommandLines.range;

import dev.baton.demo.CommandLines;
import dev.baton.demo.DemoDefaults;
import dev.baton.demo.TargetOptions;
import dev.baton.partition.GroupConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.security.TlsConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The worker's command line, parsed strictly: a bad or repeated option is an {@link
 * IllegalArgumentException} naming it.
 */
@Command(name = "WorkerMain", sortOptions = false, description = "One worker of the demo.")
public final class WorkerArgs {
  /** A worker id: it names znodes and appears in events and database rows. */
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  @Option(names = "--id", required = true, description = "participant, member and event name")
  private String id;

  @Option(names = "--zookeeper", required = true, paramLabel = "HOST:PORT,..")
  private String zookeeper;

  @Option(
      names = "--jdbc",
      required = true,
      paramLabel = "URL",
      description = "H2 TCP or PostgreSQL")
  private String jdbc;

  @Option(names = "--jdbc-user")
  private String jdbcUser;

  @Option(names = "--jdbc-password")
  private String jdbcPassword;

  @Option(names = "--partitions", description = "default ${DEFAULT-VALUE}")
  private int partitions = DemoDefaults.PARTITIONS;

  @Option(names = "--session-timeout-ms", description = "default ${DEFAULT-VALUE}")
  private int sessionTimeoutMs = DemoDefaults.SESSION_TIMEOUT_MS;

  @Mixin private final TargetOptions target = new TargetOptions();

  private Optional<TlsConfig> tls = Optional.empty();

  private WorkerArgs() {}

  /** The options and their defaults, printed with an argument error. */
  public static String usage() {
    return CommandLines.usage(new WorkerArgs());
  }

  /** Parses {@code argv}; a problem is an {@link IllegalArgumentException} naming it. */
  public static WorkerArgs parse(String... argv) {
    WorkerArgs a = CommandLines.parse(new WorkerArgs(), argv);
    if (!ID.matcher(a.id).matches()) {
      throw new IllegalArgumentException(
          "invalid --id '"
              + a.id
              + "': 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit");
    }
    if (a.zookeeper.isBlank() || a.zookeeper.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          "invalid --zookeeper '" + a.zookeeper + "': host:port[,host:port...]");
    }
    if (!a.jdbc.startsWith("jdbc:")) {
      throw new IllegalArgumentException(
          "invalid --jdbc '" + a.jdbc + "': a JDBC URL starts with 'jdbc:'");
    }
    if (a.jdbcPassword != null && a.jdbcUser == null) {
      throw new IllegalArgumentException("--jdbc-password needs --jdbc-user");
    }
    range("--partitions", a.partitions, 1, 100_000);
    range("--session-timeout-ms", a.sessionTimeoutMs, 500, 600_000);
    try {
      ElectionConfig.builder(a.election()).participantId(a.id).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "invalid --election '" + a.election() + "': " + e.getMessage(), e);
    }
    try {
      GroupConfig.builder(a.group()).memberId(a.id).partitionCount(a.partitions).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "invalid --group '" + a.group() + "': " + e.getMessage(), e);
    }
    a.tls = a.buildTls();
    return a;
  }

  /** The worker id in {@code argv} if one can be found, for the message of a bad command line. */
  public static Optional<String> idOf(String... argv) {
    for (int i = 0; i < argv.length; i++) {
      String value =
          argv[i] != null && argv[i].startsWith("--id=")
              ? argv[i].substring(5)
              : "--id".equals(argv[i]) && i + 1 < argv.length ? argv[i + 1] : null;
      if (value != null && ID.matcher(value).matches()) {
        return Optional.of(value);
      }
    }
    return Optional.empty();
  }

  private Optional<TlsConfig> buildTls() {
    Path tlsTrust = target.tlsTrust;
    Path tlsKey = target.tlsKey;
    String tlsPassword = target.tlsPassword;
    if (tlsTrust == null && tlsKey == null && tlsPassword == null) {
      return Optional.empty();
    }
    if (tlsTrust == null || tlsPassword == null) {
      throw new IllegalArgumentException(
          "TLS needs --tls-trust and --tls-password (and usually --tls-key)");
    }
    try {
      TlsConfig.Builder builder =
          TlsConfig.builder().trustStore(tlsTrust, tlsPassword).hostnameVerification(true);
      if (tlsKey != null) {
        builder.keyStore(tlsKey, tlsPassword);
      }
      return Optional.of(builder.build());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("invalid TLS options: " + e.getMessage(), e);
    }
  }

  /** The worker id: election participant, group member and {@code worker} of every event. */
  public String id() {
    return id;
  }

  /** The connect string. */
  public String zookeeper() {
    return zookeeper;
  }

  /** The database URL (H2 TCP or PostgreSQL). */
  public String jdbc() {
    return jdbc;
  }

  public Optional<String> jdbcUser() {
    return Optional.ofNullable(jdbcUser);
  }

  /** The database password, if any (only with a user). */
  public Optional<String> jdbcPassword() {
    return Optional.ofNullable(jdbcPassword);
  }

  /** Partitions of the stream. */
  public int partitions() {
    return partitions;
  }

  /** The ZooKeeper session timeout. */
  public Duration sessionTimeout() {
    return Duration.ofMillis(sessionTimeoutMs);
  }

  /** The scheduler's election path. */
  public String election() {
    return target.election;
  }

  /** The stream's group path. */
  public String group() {
    return target.group;
  }

  /** TLS to the ensemble's secure ports, if given (hostname verification on). */
  public Optional<TlsConfig> tls() {
    return tls;
  }

  /** Never shows the passwords. */
  @Override
  public String toString() {
    return "WorkerArgs[id=%s, zookeeper=%s, jdbc=%s, jdbcUser=%s, partitions=%d, sessionTimeout=%s, election=%s, group=%s, tls=%s]"
        .formatted(
            id,
            zookeeper,
            jdbc,
            jdbcUser().orElse("-"),
            partitions,
            sessionTimeout(),
            target.election,
            target.group,
            tls.map(TlsConfig::toString).orElse("off"));
  }
}
