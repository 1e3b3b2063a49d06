// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import dev.baton.demo.CommandLines;
import dev.baton.demo.DemoDefaults;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.TlsConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.apache.curator.utils.PathUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The status tool's command line, a picocli annotated interface. */
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
interface StatusOptions {
  @Option(
      names = "--zookeeper",
      paramLabel = "HOST:PORT[,...]",
      defaultValue = "127.0.0.1:2181",
      description = "the ensemble (default ${DEFAULT-VALUE})")
  String connectString();

  @Option(
      names = "--election",
      paramLabel = "PATH",
      defaultValue = DemoDefaults.ELECTION_PATH,
      description = "the election's path (default ${DEFAULT-VALUE})")
  String electionPath();

  @Option(
      names = "--group",
      paramLabel = "PATH",
      defaultValue = DemoDefaults.GROUP_PATH,
      description = "the group's path (default ${DEFAULT-VALUE})")
  String groupPath();

  /** The {@code --digest} values; null when none is given. */
  @Option(
      names = "--digest",
      paramLabel = "USER:PASSWORD",
      description = "authenticate with ZooKeeper's digest scheme (repeatable)")
  List<String> digests();

  @Option(
      names = "--tls-trust",
      paramLabel = "FILE",
      description =
          "connect with TLS, trusting the CA certificates in FILE (the connect string then names the secure client ports)")
  Path tlsTrust();

  @Option(
      names = "--tls-key",
      paramLabel = "FILE",
      description = "the client's key store (certificate and key) for TLS")
  Path tlsKey();

  @Option(
      names = "--tls-password",
      paramLabel = "PASSWORD",
      description = "the password of the TLS trust store and key store")
  String tlsPassword();

  @Option(
      names = "--timeout-ms",
      paramLabel = "N",
      defaultValue = "5000",
      description = "how long to wait for a server (default ${DEFAULT-VALUE})")
  int timeoutMs();

  /** Indent the JSON. */
  @Option(names = "--pretty", description = "indent the JSON")
  boolean pretty();

  /** Print the usage and nothing else. */
  @Option(
      names = {"--help", "-h"},
      usageHelp = true,
      description = "print this text")
  boolean help();

  /** The options' help text. */
  static String usage() {
    return CommandLines.usage(StatusOptions.class);
  }

  /** Parses {@code args}; a bad one is an {@link IllegalArgumentException} naming it. */
  static StatusOptions parse(String... args) {
    StatusOptions o = CommandLines.parse(StatusOptions.class, args);
    if (o.help()) {
      return o;
    }
    CommandLines.nonBlank("--zookeeper", o.connectString());
    path("--election", o.electionPath());
    path("--group", o.groupPath());
    CommandLines.range("--timeout-ms", o.timeoutMs(), 1, Integer.MAX_VALUE);
    sessionConfig(o); // the library's own checks of the combination, as usage errors
    return o;
  }

  /** The session's settings: connection timeout from {@code --timeout-ms}, no shutdown hook. */
  static SessionConfig sessionConfig(StatusOptions o) {
    Duration timeout = Duration.ofMillis(o.timeoutMs());
    SessionConfig.Builder b =
        SessionConfig.builder(o.connectString())
            .connectionTimeout(timeout)
            .sessionTimeout(Duration.ofMillis(Math.max(o.timeoutMs(), 4000)));
    for (String digest : Objects.requireNonNullElse(o.digests(), List.<String>of())) {
      int colon = digest.indexOf(':');
      if (colon <= 0 || colon == digest.length() - 1) {
        throw new IllegalArgumentException("--digest takes USER:PASSWORD");
      }
      b.authentication(
          Authentication.digest(digest.substring(0, colon), digest.substring(colon + 1)));
    }
    if (o.tlsTrust() == null && (o.tlsKey() != null || o.tlsPassword() != null)) {
      throw new IllegalArgumentException("--tls-key and --tls-password need --tls-trust");
    }
    if (o.tlsTrust() != null) {
      TlsConfig.Builder tls = TlsConfig.builder().trustStore(o.tlsTrust(), o.tlsPassword());
      if (o.tlsKey() != null) {
        tls.keyStore(o.tlsKey(), o.tlsPassword());
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
