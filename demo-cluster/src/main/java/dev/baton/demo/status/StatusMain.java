// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.demo.CommandLines;
import dev.baton.demo.TargetOptions;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.TlsConfig;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.utils.PathUtils;
import org.apache.zookeeper.KeeperException;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The status tool: prints an election's leader and a group's owners as one JSON object. */
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
public final class StatusMain {
  /** The status was printed. */
  public static final int OK = 0;

  /** The arguments are wrong; the usage went to stderr. */
  public static final int BAD_ARGUMENTS = 2;

  /** No server answered, or ZooKeeper refused or failed a read; the reason went to stderr. */
  public static final int UNAVAILABLE = 3;

  @Option(
      names = "--zookeeper",
      paramLabel = "HOST:PORT[,...]",
      description = "the ensemble (default ${DEFAULT-VALUE})")
  private String connectString = "127.0.0.1:2181";

  @Mixin private final TargetOptions target = new TargetOptions();

  @Option(
      names = "--digest",
      paramLabel = "USER:PASSWORD",
      description = "authenticate with ZooKeeper's digest scheme (repeatable)")
  private List<String> digests = new ArrayList<>();

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

  private StatusMain() {}

  public static void main(String[] args) {
    quietClientLogs();
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the tool in this JVM, output to {@code out}, errors to {@code err}.
   *
   * @return {@link #OK}, {@link #BAD_ARGUMENTS} or {@link #UNAVAILABLE}
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    StatusMain o = new StatusMain();
    SessionConfig config;
    try {
      CommandLines.parse(o, args);
      config = o.help ? null : o.check();
    } catch (IllegalArgumentException e) {
      err.println("status: " + e.getMessage());
      err.println(CommandLines.usage(new StatusMain()));
      return BAD_ARGUMENTS;
    }
    if (o.help) {
      out.println(CommandLines.usage(new StatusMain()));
      return OK;
    }
    ObjectMapper json = new ObjectMapper();
    ObjectNode status;
    try (BatonSession session = BatonSession.start(config)) {
      status =
          new StatusReport(json).read(session, o.connectString, o.target.election, o.target.group);
    } catch (IllegalArgumentException e) {
      err.println("status: " + e.getMessage());
      err.println(CommandLines.usage(new StatusMain()));
      return BAD_ARGUMENTS;
    } catch (CoordinationException e) {
      err.println("status: " + explain(e));
      return UNAVAILABLE;
    } catch (RuntimeException e) {
      err.println("status: cannot read " + o.connectString + ": " + e);
      return UNAVAILABLE;
    }
    try {
      out.println(
          o.pretty
              ? json.writerWithDefaultPrettyPrinter().writeValueAsString(status)
              : json.writeValueAsString(status));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render the status", e);
    }
    out.flush();
    return OK;
  }

  /**
   * Checks the options; the session's settings (connection timeout from {@code --timeout-ms}, the
   * library's own checks of the combination as usage errors).
   */
  private SessionConfig check() {
    CommandLines.nonBlank("--zookeeper", connectString);
    path("--election", target.election);
    path("--group", target.group);
    CommandLines.range("--timeout-ms", timeoutMs, 1, Integer.MAX_VALUE);
    SessionConfig.Builder b =
        SessionConfig.builder(connectString)
            .connectionTimeout(Duration.ofMillis(timeoutMs))
            .sessionTimeout(Duration.ofMillis(Math.max(timeoutMs, 4000)));
    for (String digest : digests) {
      int colon = digest.indexOf(':');
      if (colon <= 0 || colon == digest.length() - 1) {
        throw new IllegalArgumentException("--digest takes USER:PASSWORD");
      }
      b.authentication(
          Authentication.digest(digest.substring(0, colon), digest.substring(colon + 1)));
    }
    if (target.tlsTrust == null && (target.tlsKey != null || target.tlsPassword != null)) {
      throw new IllegalArgumentException("--tls-key and --tls-password need --tls-trust");
    }
    if (target.tlsTrust != null) {
      TlsConfig.Builder tls = TlsConfig.builder().trustStore(target.tlsTrust, target.tlsPassword);
      if (target.tlsKey != null) {
        tls.keyStore(target.tlsKey, target.tlsPassword);
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

  /** The failure's message, saying plainly when ZooKeeper refused a read for lack of permission. */
  static String explain(CoordinationException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof KeeperException.NoAuthException noAuth) {
        return "not authorized to read "
            + (noAuth.getPath() == null ? "the znodes" : noAuth.getPath())
            + ": ZooKeeper's ACL refused this client (give credentials with read access, e.g. "
            + "--digest USER:PASSWORD, or a TLS client certificate); "
            + e.getMessage();
      }
    }
    StringBuilder message = new StringBuilder(e.getMessage());
    Throwable cause = e.getCause();
    if (cause != null
        && cause.getMessage() != null
        && !message.toString().contains(cause.getMessage())) {
      message.append(": ").append(cause.getMessage());
    }
    return message.toString();
  }

  /** Curator and ZooKeeper log retries as errors; the tool reports the failure itself. */
  private static void quietClientLogs() {
    for (String name : new String[] {"org.apache.curator", "org.apache.zookeeper"}) {
      if (LoggerFactory.getLogger(name) instanceof ch.qos.logback.classic.Logger logger) {
        logger.setLevel(ch.qos.logback.classic.Level.OFF);
      }
    }
  }
}
