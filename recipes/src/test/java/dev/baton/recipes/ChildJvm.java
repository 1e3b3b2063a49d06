package dev.baton.recipes;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A Java main of the test classpath in its own JVM, driven like a real process: commands on its
 * standard input, its standard output collected in a file (read line by line), paused with SIGSTOP,
 * resumed with SIGCONT, killed with SIGKILL or stopped with SIGTERM.
 */
public final class ChildJvm implements AutoCloseable {
  private final Process process;
  private final Path out;
  private final OutputStream in;

  private ChildJvm(Process process, Path out) {
    this.process = process;
    this.out = out;
    this.in = process.getOutputStream();
  }

  /** Starts {@code main} with {@code args}; its standard error goes to {@code <out>.err}. */
  public static ChildJvm start(Class<?> main, String... args) {
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-cp",
        System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    try {
      Path out = Files.createTempFile("baton-child-" + main.getSimpleName(), ".out");
      out.toFile().deleteOnExit(); // kept while the test runs, for a failure's post-mortem
      new File(out + ".err").deleteOnExit();
      Process p = new ProcessBuilder(command).redirectOutput(out.toFile())
          .redirectError(new File(out + ".err")).start();
      return new ChildJvm(p, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public long pid() {
    return process.pid();
  }

  /** The lines printed so far. */
  public List<String> lines() {
    try {
      return Files.readAllLines(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits for a line starting with {@code prefix} after the first {@code skip} lines; returns it. */
  public String awaitLine(String prefix, int skip, Duration within) {
    await().atMost(within).until(() -> find(prefix, skip).isPresent());
    return find(prefix, skip).orElseThrow();
  }

  private Optional<String> find(String prefix, int skip) {
    List<String> lines = lines();
    return lines.stream().skip(skip).filter(l -> l.startsWith(prefix)).findFirst();
  }

  /** Sends one command line to the child's standard input. */
  public void send(String line) {
    try {
      in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void pause() {
    signal("STOP");
  }

  public void resume() {
    signal("CONT");
  }

  public void kill() {
    process.destroyForcibly();
    waitFor();
  }

  private void waitFor() {
    try {
      process.waitFor(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void signal(String name) {
    try {
      Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    resumeQuietly();
    process.destroyForcibly();
    waitFor();
  }

  private void resumeQuietly() {
    try {
      signal("CONT");
    } catch (RuntimeException ignored) {
      // already gone
    }
  }
}
