// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import dev.baton.demo.CommandLines;
import dev.baton.demo.DemoDefaults;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.TlsConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.utils.PathUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The status tool's command line, parsed and checked; each option takes its value as the next
 * argument or after {@code =} ({@code --timeout-ms=2000}).
 */
@Command(
    name = "demo-cluster/status",
    sortOptions = false,
    description = {
      "Prints who leads an election (with its fencing token) and who owns each partition of a group,",
      "as one JSON object on stdout. Works against any ZooKeeper; it only reads."
    },
    footer = {
      "",
      "A path that does not exist reads as no leader and no members or partitions.",
      "Exit codes: 0 printed the status; 2 bad arguments; 3 cannot connect or read (e.g. not authorized)."
    })
final class StatusOptions {
  @Option(
      names = "--zookeeper",
      paramLabel = "HOST:PORT[,...]",
      description = "the ensemble (default ${DEFAULT-VALUE})")
  private String connectString = "127.0.0.1:2181";

  @Option(
      names = "--election",
      paramLabel = "PATH",
      description = "the election's path (default ${DEFAULT-VALUE})")
  private String electionPath = DemoDefaults.ELECTION_PATH;

  @Option(
      names = "--group",
      paramLabel = "PATH",
      description = "the group's path (default ${DEFAULT-VALUE})")
  private String groupPath = DemoDefaults.GROUP_PATH;

  @Option(
      names = "--digest",
      paramLabel = "USER:PASSWORD",
      description = "authenticate with ZooKeeper's digest scheme (repeatable)")
  private List<String> digests = new ArrayList<>();

  @Option(
      names = "--tls-trust",
      paramLabel = "FILE",
      description =
          "connect with TLS, trusting the CA certificates in FILE (the connect string then names the secure client ports)")
  private Path tlsTrust;

  @Option(
      names = "--tls-key",
      paramLabel = "FILE",
      description = "the client's key store (certificate and key) for TLS")
  private Path tlsKey;

  @Option(
      names = "--tls-password",
      paramLabel = "PASSWORD",
      description = "the password of the TLS trust store and key store")
  private String tlsPassword;

  @Option(
      names = "--timeout-ms",
      paramLabel = "N",
      description = "how long to wait for a server (default ${DEFAULT-VALUE})")
  private int timeoutMs = 5000;

  @Option(names = "--pretty", description = "indent the JSON")
  private boolean pretty;

  @Option(
      names = {"--help", "-h"},
      usageHelp = true,
      description = "print this text")
  private boolean help;

  private StatusOptions() {}

  /** The options' help text. */
  static String usage() {
    return CommandLines.usage(new StatusOptions());
  }

  /**
   * Parses {@code args}.
   *
   * @throws IllegalArgumentException naming the first bad argument
   */
  static StatusOptions parse(String... args) {
    StatusOptions o = CommandLines.parse(new StatusOptions(), args);
    if (o.help) {
      return o;
    }
    CommandLines.nonBlank("--zookeeper", o.connectString);
    path("--election", o.electionPath);
    path("--group", o.groupPath);
    CommandLines.range("--timeout-ms", o.timeoutMs, 1, Integer.MAX_VALUE);
    o.sessionConfig(); // the library's own checks of the combination, as usage errors
    return o;
  }

  String connectString() {
    return connectString;
  }

  String electionPath() {
    return electionPath;
  }

  String groupPath() {
    return groupPath;
  }

  /** Indent the JSON. */
  boolean pretty() {
    return pretty;
  }

  /** Print the usage and nothing else. */
  boolean help() {
    return help;
  }

  /** The session's settings: connection timeout from {@code --timeout-ms}, no shutdown hook. */
  SessionConfig sessionConfig() {
    Duration timeout = Duration.ofMillis(timeoutMs);
    SessionConfig.Builder b =
        SessionConfig.builder(connectString)
            .connectionTimeout(timeout)
            .sessionTimeout(Duration.ofMillis(Math.max(timeoutMs, 4000)));
    for (String digest : digests) {
      int colon = digest.indexOf(':');
      if (colon <= 0 || colon == digest.length() - 1) {
        throw new IllegalArgumentException("--digest takes USER:PASSWORD");
      }
      b.authentication(
          Authentication.digest(digest.substring(0, colon), digest.substring(colon + 1)));
    }
    if (tlsTrust == null && (tlsKey != null || tlsPassword != null)) {
      throw new IllegalArgumentException("--tls-key and --tls-password need --tls-trust");
    }
    if (tlsTrust != null) {
      TlsConfig.Builder tls = TlsConfig.builder().trustStore(tlsTrust, tlsPassword);
      if (tlsKey != null) {
        tls.keyStore(tlsKey, tlsPassword);
      }
      b.tls(tls.build());
    }
    return b.build();
  }

  private static void path(String name, String value) {
    try {
      PathUtils.validatePath(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          name + " '" + value + "' is not a ZooKeeper path: " + e.getMessage(), e);
    }
    if (value.indexOf('@') >= 0) {
      throw new IllegalArgumentException(name + " '" + value + "' must not contain '@'");
    }
  }
}
