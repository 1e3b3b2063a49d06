// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import dev.baton.demo.DemoDefaults;
import dev.baton.partition.GroupConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.security.TlsConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The worker's command line, parsed strictly: every option is {@code --name value}, given at most
 * once; an unknown option, a missing value, a malformed number or path is an {@link
 * IllegalArgumentException} naming it. See {@link #USAGE}.
 *
 * @param id the worker id: election participant, group member and {@code worker} of every event
 * @param zookeeper the connect string
 * @param jdbc the database URL (H2 TCP or PostgreSQL)
 * @param jdbcUser the database user, if any
 * @param jdbcPassword the database password, if any (only with a user)
 * @param partitions partitions of the stream
 * @param sessionTimeout the ZooKeeper session timeout
 * @param election the scheduler's election path
 * @param group the stream's group path
 * @param tls TLS to the ensemble's secure ports, if given (hostname verification on)
 */
public record WorkerArgs(
    String id,
    String zookeeper,
    String jdbc,
    Optional<String> jdbcUser,
    Optional<String> jdbcPassword,
    int partitions,
    Duration sessionTimeout,
    String election,
    String group,
    Optional<TlsConfig> tls) {

  /** The synopsis printed with an argument error. */
  public static final String USAGE =
      "usage: WorkerMain --id <id> --zookeeper <connectString> --jdbc <url>"
          + " [--jdbc-user <user>] [--jdbc-password <password>] [--partitions "
          + DemoDefaults.PARTITIONS
          + "]"
          + " [--session-timeout-ms "
          + DemoDefaults.SESSION_TIMEOUT.toMillis()
          + "] [--election "
          + DemoDefaults.ELECTION_PATH
          + "] [--group "
          + DemoDefaults.GROUP_PATH
          + "]"
          + " [--tls-trust <p12> --tls-key <p12> --tls-password <password>]";

  /** A worker id: it names znodes and appears in events and database rows. */
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  private static final List<String> OPTIONS =
      List.of(
          "id",
          "zookeeper",
          "jdbc",
          "jdbc-user",
          "jdbc-password",
          "partitions",
          "session-timeout-ms",
          "election",
          "group",
          "tls-trust",
          "tls-key",
          "tls-password");

  /**
   * Parses {@code argv}.
   *
   * @throws IllegalArgumentException with a message naming the first problem
   */
  public static WorkerArgs parse(String... argv) {
    Map<String, String> given = new HashMap<>();
    for (int i = 0; i < argv.length; i += 2) {
      String option = argv[i];
      if (option == null || !option.startsWith("--") || !OPTIONS.contains(option.substring(2))) {
        throw new IllegalArgumentException("unknown option '" + option + "'");
      }
      String name = option.substring(2);
      if (i + 1 >= argv.length || argv[i + 1] == null || argv[i + 1].startsWith("--")) {
        throw new IllegalArgumentException("option " + option + " needs a value");
      }
      if (given.putIfAbsent(name, argv[i + 1]) != null) {
        throw new IllegalArgumentException("option " + option + " is given twice");
      }
    }
    String id = required(given, "id");
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException(
          "invalid --id '"
              + id
              + "': 1 to 64 letters, digits, '.', '_' or '-',"
              + " starting with a letter or digit");
    }
    String zookeeper = required(given, "zookeeper");
    if (zookeeper.isBlank() || zookeeper.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          "invalid --zookeeper '" + zookeeper + "': host:port[,host:port...]");
    }
    String jdbc = required(given, "jdbc");
    if (!jdbc.startsWith("jdbc:")) {
      throw new IllegalArgumentException(
          "invalid --jdbc '" + jdbc + "': a JDBC URL starts with 'jdbc:'");
    }
    Optional<String> user = Optional.ofNullable(given.get("jdbc-user"));
    Optional<String> password = Optional.ofNullable(given.get("jdbc-password"));
    if (password.isPresent() && user.isEmpty()) {
      throw new IllegalArgumentException("--jdbc-password needs --jdbc-user");
    }
    int partitions = number(given, "partitions", DemoDefaults.PARTITIONS, 1, 100_000);
    Duration session =
        Duration.ofMillis(
            number(
                given,
                "session-timeout-ms",
                (int) DemoDefaults.SESSION_TIMEOUT.toMillis(),
                500,
                600_000));
    String election = given.getOrDefault("election", DemoDefaults.ELECTION_PATH);
    String group = given.getOrDefault("group", DemoDefaults.GROUP_PATH);
    try {
      ElectionConfig.builder(election).participantId(id).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "invalid --election '" + election + "': " + e.getMessage(), e);
    }
    try {
      GroupConfig.builder(group).memberId(id).partitionCount(partitions).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("invalid --group '" + group + "': " + e.getMessage(), e);
    }
    return new WorkerArgs(
        id, zookeeper, jdbc, user, password, partitions, session, election, group, tls(given));
  }

  /** The worker id in {@code argv} if one can be found, for the message of a bad command line. */
  public static Optional<String> idOf(String... argv) {
    for (int i = 0; i + 1 < argv.length; i++) {
      if ("--id".equals(argv[i]) && argv[i + 1] != null && ID.matcher(argv[i + 1]).matches()) {
        return Optional.of(argv[i + 1]);
      }
    }
    return Optional.empty();
  }

  private static Optional<TlsConfig> tls(Map<String, String> given) {
    String trust = given.get("tls-trust");
    String key = given.get("tls-key");
    String password = given.get("tls-password");
    if (trust == null && key == null && password == null) {
      return Optional.empty();
    }
    if (trust == null || password == null) {
      throw new IllegalArgumentException(
          "TLS needs --tls-trust and --tls-password (and usually --tls-key)");
    }
    try {
      TlsConfig.Builder builder =
          TlsConfig.builder().trustStore(Path.of(trust), password).hostnameVerification(true);
      if (key != null) {
        builder.keyStore(Path.of(key), password);
      }
      return Optional.of(builder.build());
    } catch (IllegalArgumentException e) { // includes InvalidPathException
      throw new IllegalArgumentException("invalid TLS options: " + e.getMessage(), e);
    }
  }

  private static String required(Map<String, String> given, String name) {
    String value = given.get(name);
    if (value == null) {
      throw new IllegalArgumentException("missing --" + name);
    }
    return value;
  }

  private static int number(
      Map<String, String> given, String name, int fallback, int min, int max) {
    String text = given.get(name);
    if (text == null) {
      return fallback;
    }
    int value;
    try {
      value = Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--" + name + " must be a whole number, was '" + text + "'", e);
    }
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          "--" + name + " must be " + min + " to " + max + ", was " + value);
    }
    return value;
  }

  /** Never shows the passwords. */
  @Override
  public String toString() {
    return "WorkerArgs[id="
        + id
        + ", zookeeper="
        + zookeeper
        + ", jdbc="
        + jdbc
        + ", jdbcUser="
        + jdbcUser.orElse("-")
        + ", partitions="
        + partitions
        + ", sessionTimeout="
        + sessionTimeout
        + ", election="
        + election
        + ", group="
        + group
        + ", tls="
        + tls.map(TlsConfig::toString).orElse("off")
        + "]";
  }
}
