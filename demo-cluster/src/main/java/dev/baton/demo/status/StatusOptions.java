// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import dev.baton.demo.DemoDefaults;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.TlsConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.curator.utils.PathUtils;

/**
 * The status tool's command line, parsed and checked. Each option takes its value as the next
 * argument or after {@code =} ({@code --timeout-ms=2000}).
 *
 * @param connectString the ensemble
 * @param electionPath the election to read
 * @param groupPath the partitioned group to read
 * @param authentications digest credentials, in the order given
 * @param tls TLS to the servers' secure ports, if asked for
 * @param timeout how long to wait for a server to answer
 * @param pretty indent the JSON
 * @param help print the usage and nothing else
 */
record StatusOptions(
    String connectString,
    String electionPath,
    String groupPath,
    List<Authentication> authentications,
    Optional<TlsConfig> tls,
    Duration timeout,
    boolean pretty,
    boolean help) {

  static final String DEFAULT_CONNECT = "127.0.0.1:2181";
  static final long DEFAULT_TIMEOUT_MS = 5000;

  static final String USAGE =
      String.join(
          "\n",
          "Usage: demo-cluster/status [options]",
          "Prints who leads an election (with its fencing token) and who owns each partition of a group,",
          "as one JSON object on stdout. Works against any ZooKeeper; it only reads.",
          "",
          "  --zookeeper HOST:PORT[,...]  the ensemble (default " + DEFAULT_CONNECT + ")",
          "  --election PATH              the election's path (default "
              + DemoDefaults.ELECTION_PATH
              + ")",
          "  --group PATH                 the group's path (default "
              + DemoDefaults.GROUP_PATH
              + ")",
          "  --digest USER:PASSWORD       authenticate with ZooKeeper's digest scheme (repeatable)",
          "  --tls-trust FILE             connect with TLS, trusting the CA certificates in FILE",
          "                               (the connect string then names the secure client ports)",
          "  --tls-key FILE               the client's key store (certificate and key) for TLS",
          "  --tls-password PASSWORD      the password of the TLS trust store and key store",
          "  --timeout-ms N               how long to wait for a server (default "
              + DEFAULT_TIMEOUT_MS
              + ")",
          "  --pretty                     indent the JSON",
          "  --help                       print this text",
          "",
          "A path that does not exist reads as no leader and no members or partitions.",
          "Exit codes: 0 printed the status; 2 bad arguments; 3 cannot connect or read (e.g. not authorized).");

  /**
   * Parses {@code args}.
   *
   * @throws IllegalArgumentException naming the first bad argument
   */
  static StatusOptions parse(String... args) {
    String connect = DEFAULT_CONNECT;
    String election = DemoDefaults.ELECTION_PATH;
    String group = DemoDefaults.GROUP_PATH;
    List<Authentication> auths = new ArrayList<>();
    String trust = null;
    String key = null;
    String tlsPassword = null;
    long timeoutMs = DEFAULT_TIMEOUT_MS;
    boolean pretty = false;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      String name = arg;
      String inline = null;
      int eq = arg.indexOf('=');
      if (arg.startsWith("--") && eq > 0) {
        name = arg.substring(0, eq);
        inline = arg.substring(eq + 1);
      }
      switch (name) {
        case "--help", "-h" -> {
          return new StatusOptions(
              connect,
              election,
              group,
              List.of(),
              Optional.empty(),
              Duration.ofMillis(timeoutMs),
              pretty,
              true);
        }
        case "--pretty" -> {
          if (inline != null) {
            throw new IllegalArgumentException("--pretty takes no value");
          }
          pretty = true;
        }
        default -> {
          String value = inline;
          if (value == null) {
            if (i + 1 >= args.length) {
              throw new IllegalArgumentException(
                  known(name) ? name + " needs a value" : "unknown argument '" + arg + "'");
            }
            value = args[++i];
          }
          switch (name) {
            case "--zookeeper" -> connect = nonEmpty(name, value);
            case "--election" -> election = path(name, value);
            case "--group" -> group = path(name, value);
            case "--digest" -> auths.add(digest(value));
            case "--tls-trust" -> trust = nonEmpty(name, value);
            case "--tls-key" -> key = nonEmpty(name, value);
            case "--tls-password" -> tlsPassword = value;
            case "--timeout-ms" -> timeoutMs = timeout(value);
            default -> throw new IllegalArgumentException("unknown argument '" + arg + "'");
          }
        }
      }
    }
    Optional<TlsConfig> tls = tls(trust, key, tlsPassword);
    StatusOptions options =
        new StatusOptions(
            connect,
            election,
            group,
            List.copyOf(auths),
            tls,
            Duration.ofMillis(timeoutMs),
            pretty,
            false);
    options.sessionConfig(); // the library's own checks of the combination, as usage errors
    return options;
  }

  /** The session's settings: connection timeout from {@code --timeout-ms}, no shutdown hook. */
  SessionConfig sessionConfig() {
    SessionConfig.Builder b =
        SessionConfig.builder(connectString)
            .connectionTimeout(timeout)
            .sessionTimeout(Duration.ofMillis(Math.max(timeout.toMillis(), 4000)));
    authentications.forEach(b::authentication);
    tls.ifPresent(b::tls);
    return b.build();
  }

  private static boolean known(String name) {
    return List.of(
            "--zookeeper",
            "--election",
            "--group",
            "--digest",
            "--tls-trust",
            "--tls-key",
            "--tls-password",
            "--timeout-ms")
        .contains(name);
  }

  private static String nonEmpty(String name, String value) {
    if (value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be empty");
    }
    return value;
  }

  private static String path(String name, String value) {
    try {
      PathUtils.validatePath(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          name + " '" + value + "' is not a ZooKeeper path: " + e.getMessage(), e);
    }
    if (value.indexOf('@') >= 0) {
      throw new IllegalArgumentException(name + " '" + value + "' must not contain '@'");
    }
    return value;
  }

  private static Authentication digest(String value) {
    int colon = value.indexOf(':');
    if (colon <= 0 || colon == value.length() - 1) {
      throw new IllegalArgumentException("--digest takes USER:PASSWORD");
    }
    return Authentication.digest(value.substring(0, colon), value.substring(colon + 1));
  }

  private static long timeout(String value) {
    long ms;
    try {
      ms = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--timeout-ms takes milliseconds, was '" + value + "'", e);
    }
    if (ms < 1 || ms > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "--timeout-ms must be 1 to " + Integer.MAX_VALUE + ", was " + ms);
    }
    return ms;
  }

  private static Optional<TlsConfig> tls(String trust, String key, String password) {
    if (trust == null) {
      if (key != null || password != null) {
        throw new IllegalArgumentException("--tls-key and --tls-password need --tls-trust");
      }
      return Optional.empty();
    }
    TlsConfig.Builder b = TlsConfig.builder().trustStore(Path.of(trust), password);
    if (key != null) {
      b.keyStore(Path.of(key), password);
    }
    return Optional.of(b.build());
  }
}
