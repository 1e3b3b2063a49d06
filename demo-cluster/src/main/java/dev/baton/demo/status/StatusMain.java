// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import java.io.PrintStream;
import org.apache.zookeeper.KeeperException;
import org.slf4j.LoggerFactory;

/** The status tool: prints an election's leader and a group's owners as one JSON object. */
public final class StatusMain {
  /** The status was printed. */
  public static final int OK = 0;

  /** The arguments are wrong; the usage went to stderr. */
  public static final int BAD_ARGUMENTS = 2;

  /** No server answered, or ZooKeeper refused or failed a read; the reason went to stderr. */
  public static final int UNAVAILABLE = 3;

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
    StatusOptions options;
    try {
      options = StatusOptions.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("status: " + e.getMessage());
      err.println(StatusOptions.usage());
      return BAD_ARGUMENTS;
    }
    if (options.help()) {
      out.println(StatusOptions.usage());
      return OK;
    }
    ObjectMapper json = new ObjectMapper();
    ObjectNode status;
    try (BatonSession session = BatonSession.start(StatusOptions.sessionConfig(options))) {
      status =
          new StatusReport(json)
              .read(session, options.connectString(), options.electionPath(), options.groupPath());
    } catch (IllegalArgumentException e) {
      err.println("status: " + e.getMessage());
      err.println(StatusOptions.usage());
      return BAD_ARGUMENTS;
    } catch (CoordinationException e) {
      err.println("status: " + explain(e));
      return UNAVAILABLE;
    } catch (RuntimeException e) {
      err.println("status: cannot read " + options.connectString() + ": " + e);
      return UNAVAILABLE;
    }
    try {
      out.println(
          options.pretty()
              ? json.writerWithDefaultPrettyPrinter().writeValueAsString(status)
              : json.writeValueAsString(status));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render the status", e);
    }
    out.flush();
    return OK;
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

  /**
   * Curator and ZooKeeper log connection retries as errors; the tool reports the failure itself.
   */
  private static void quietClientLogs() {
    for (String name : new String[] {"org.apache.curator", "org.apache.zookeeper"}) {
      if (LoggerFactory.getLogger(name) instanceof ch.qos.logback.classic.Logger logger) {
        logger.setLevel(ch.qos.logback.classic.Level.OFF);
      }
    }
  }
}
