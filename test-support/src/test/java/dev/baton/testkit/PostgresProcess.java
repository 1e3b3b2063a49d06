// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A PostgreSQL server of a test's own, to restart or stop without touching {@link
 * PostgresFixture}'s: Debian's binaries ({@code test-support/postgres-up}), a fresh cluster on a
 * free port, superuser {@code baton} without a password. Needs root; fails (never skips) if it
 * cannot start.
 */
public final class PostgresProcess implements AutoCloseable {
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

  private final Path dir;
  private final int port = FreePorts.next();

  private PostgresProcess(Path dir) {
    this.dir = dir;
  }

  /** Creates a cluster and starts its server. */
  public static PostgresProcess start() {
    try {
      Path dir = Files.createTempDirectory("baton-pg-");
      run("chown", "postgres", dir.toString());
      run("chmod", "700", dir.toString());
      PostgresProcess pg = new PostgresProcess(dir);
      pg.asPostgres(bin("initdb"), "-D", dir + "/data", "-A", "trust", "-U", "baton");
      pg.startServer();
      return pg;
    } catch (IOException e) {
      throw new IllegalStateException("cannot create a PostgreSQL cluster", e);
    }
  }

  /** The JDBC URL of the server's {@code postgres} database as user {@code baton}. */
  public String url() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=baton";
  }

  public int port() {
    return port;
  }

  /** A data source on the server (a new connection per {@code getConnection()}). */
  public DataSource dataSource() {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(url());
    return ds;
  }

  /** Stops the server (fast shutdown); {@link #startServer()} brings it back on the same port. */
  public void stopServer() {
    asPostgres(bin("pg_ctl"), "-D", dir + "/data", "-m", "fast", "-w", "stop");
  }

  /** Stops the server at once and deletes the cluster. */
  @Override
  public void close() {
    try {
      asPostgres(bin("pg_ctl"), "-D", dir + "/data", "-m", "immediate", "-w", "stop");
    } finally {
      EnsembleFiles.deleteTree(dir);
    }
  }

  /** Starts the server (again after {@link #stopServer()}) on its port. */
  public void startServer() {
    asPostgres(
        bin("pg_ctl"),
        "-D",
        dir + "/data",
        "-o",
        "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1",
        "-l",
        dir + "/server.log",
        "-w",
        "start");
  }

  private void asPostgres(String... command) {
    String quoted =
        Arrays.stream(command)
            .map(w -> "'" + w.replace("'", "'\\''") + "'")
            .collect(Collectors.joining(" "));
    run("su", "postgres", "-c", quoted);
  }

  /** The path of a server binary of the newest installed PostgreSQL. */
  private static String bin(String name) {
    try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
      Path newest =
          versions
              .max(Comparator.comparingInt(p -> Integer.parseInt(p.getFileName().toString())))
              .orElseThrow(
                  () -> new IllegalStateException("no PostgreSQL under /usr/lib/postgresql"));
      return newest.resolve("bin").resolve(name).toString();
    } catch (IOException e) {
      throw new IllegalStateException(
          "no PostgreSQL server binaries: run test-support/postgres-up", e);
    }
  }

  private static void run(String... command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("timed out: " + String.join(" ", command));
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException(
            String.join(" ", command) + " exited " + p.exitValue() + ": " + new String(out));
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + command[0], e);
    }
  }
}
