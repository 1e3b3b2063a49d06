// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A Java main of the current classpath in its own JVM, driven like a real process: commands on its
 * standard input, its output in a file, SIGSTOP, SIGCONT, SIGKILL, SIGTERM. It runs through {@link
 * ChildMain}, which halts it when the JVM that started it ends, and in a session of its own where
 * the system has setsid(1), so that no signal to its starter's process group reaches it: a pause
 * ends only by {@link #resume()}. Thread-safe; POSIX only.
 */
public final class ChildJvm implements AutoCloseable {
  /** How long {@link #terminate()} waits for the child to end after SIGTERM. */
  public static final Duration TERMINATE_TIMEOUT = Duration.ofSeconds(30);

  private static final Duration KILL_WAIT = Duration.ofSeconds(30);
  private static final Duration STOP_WAIT = Duration.ofSeconds(10);
  private static final long STOP_POLL_NANOS = 1_000_000;
  private static final int TAIL_LINES = 20;

  private final Process process;
  private final String name;
  private final Path out;
  private final Path err;
  private final OutputStream in;
  private volatile boolean paused;

  private ChildJvm(Process process, String name, Path out, Path err) {
    this.process = process;
    this.name = name;
    this.out = out;
    this.err = err;
    this.in = process.getOutputStream();
  }

  /** Starts {@code main} with {@code args} and {@code -Xmx256m}, its output in temporary files. */
  public static ChildJvm start(Class<?> main, String... args) {
    return builder(main).args(args).start();
  }

  /** A builder for a child running {@code main}, for JVM options or an output file of your own. */
  public static Builder builder(Class<?> main) {
    return new Builder(main.getName());
  }

  /** A builder for a child running the class named {@code mainClass} of the current classpath. */
  public static Builder builder(String mainClass) {
    return new Builder(mainClass);
  }

  /** The options of one child; {@link #start()} starts it. Not thread-safe. */
  public static final class Builder {
    private final String mainClass;
    private final List<String> jvmOptions = new ArrayList<>(List.of("-Xmx256m"));
    private final List<String> args = new ArrayList<>();
    private Path output;
    private boolean errorsToOutput;

    private Builder(String mainClass) {
      this.mainClass = Objects.requireNonNull(mainClass, "mainClass");
    }

    /** The child's JVM options, replacing the default {@code -Xmx256m}. */
    public Builder jvmOptions(String... options) {
      jvmOptions.clear();
      jvmOptions.addAll(List.of(options));
      return this;
    }

    /** The arguments of the child's main. */
    public Builder args(String... arguments) {
      args.clear();
      args.addAll(List.of(arguments));
      return this;
    }

    /** Appends the child's output to {@code file} (its errors to {@code file.err}). */
    public Builder output(Path file) {
      this.output = Objects.requireNonNull(file, "file");
      return this;
    }

    /** Sends the child's standard error to the same file as its standard output. */
    public Builder errorsToOutput() {
      this.errorsToOutput = true;
      return this;
    }

    /** Starts the child. */
    public ChildJvm start() {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      String classPath = System.getProperty("java.class.path");
      String parent = Long.toString(ProcessHandle.current().pid());
      List<String> command = new ArrayList<>(List.of(java));
      command.addAll(jvmOptions);
      command.addAll(List.of("-cp", classPath, ChildMain.class.getName(), parent, mainClass));
      command.addAll(args);
      String simpleName = mainClass.substring(mainClass.lastIndexOf('.') + 1);
      try {
        Path out = output;
        if (out == null) {
          out = Files.createTempFile("baton-child-" + simpleName, ".out");
          out.toFile().deleteOnExit(); // kept while this JVM runs, for a failure's post-mortem
        }
        Path err = errorsToOutput ? out : Path.of(out + ".err");
        if (output == null && !errorsToOutput) {
          err.toFile().deleteOnExit();
        }
        ProcessBuilder builder =
            new ProcessBuilder(OsProcess.inOwnSession(command))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()));
        if (errorsToOutput) {
          builder.redirectErrorStream(true);
        } else {
          builder.redirectError(ProcessBuilder.Redirect.appendTo(err.toFile()));
        }
        return new ChildJvm(builder.start(), simpleName, out, err);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start a child JVM running " + mainClass, e);
      }
    }
  }

  /** The child's process id. */
  public long pid() {
    return process.pid();
  }

  /** Whether the child has not ended yet (a paused child is alive). */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** Whether the child was paused by {@link #pause()} and not resumed since. */
  public boolean isPaused() {
    return paused && process.isAlive();
  }

  /** The exit code once the child ended (137 after {@link #kill()}, 143 after SIGTERM). */
  public OptionalInt exitCode() {
    return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
  }

  /** The file the child's standard output goes to. */
  public Path outputFile() {
    return out;
  }

  /** The file the child's standard error goes to (the output file if they were merged). */
  public Path errorFile() {
    return err;
  }

  /** The complete lines printed so far (a line still being written is left out). */
  public List<String> lines() {
    return completeLines(out);
  }

  /**
   * Waits for a line starting with {@code prefix} after the first {@code skip} lines.
   *
   * @throws IllegalStateException on timeout or if the child ended, with its last lines
   */
  public String awaitLine(String prefix, int skip, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      boolean ended =
          !process.isAlive(); // read before the lines: a line printed before exit counts
      Optional<String> line = find(prefix, skip);
      if (line.isPresent()) {
        return line.get();
      }
      if (ended || System.nanoTime() - deadline >= 0) {
        String state = ended ? "ended with exit code " + process.exitValue() : "still runs";
        throw new IllegalStateException(
            "child %s (pid %d) %s and printed no line starting with '%s' after line %d%s; %s"
                .formatted(
                    name,
                    pid(),
                    state,
                    prefix,
                    skip,
                    ended ? "" : " within " + within,
                    describeOutput()));
      }
      Poll.pause();
    }
  }

  /** Sends {@code command} and waits for the first line starting with {@code prefix} after it. */
  public String ask(String command, String prefix, Duration within) {
    int skip = lines().size();
    send(command);
    return awaitLine(prefix, skip, within);
  }

  /** The value of {@code key} in a line of space-separated {@code key=value} fields. */
  public static String field(String line, String key) {
    for (String part : line.split(" ")) {
      if (part.startsWith(key + "=")) {
        return part.substring(key.length() + 1);
      }
    }
    throw new IllegalStateException("no " + key + "= in line '" + line + "'");
  }

  private Optional<String> find(String prefix, int skip) {
    return lines().stream().skip(skip).filter(l -> l.startsWith(prefix)).findFirst();
  }

  /** Sends one command line to the child's standard input. */
  public synchronized void send(String line) {
    try {
      in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write to child " + name + " (pid " + pid() + ")", e);
    }
  }

  /**
   * Pauses the child with SIGSTOP until {@link #resume()}; returns once it is stopped.
   *
   * @throws IllegalStateException if it has ended, or is not stopped 10 s after the signal
   */
  public void pause() {
    signal("STOP");
    paused = true;
    long deadline = System.nanoTime() + STOP_WAIT.toNanos();
    while (!OsProcess.stopped(pid())) {
      if (System.nanoTime() - deadline >= 0) {
        throw new IllegalStateException(
            "child "
                + name
                + " (pid "
                + pid()
                + ") is not stopped "
                + STOP_WAIT
                + " after SIGSTOP");
      }
      LockSupport.parkNanos(STOP_POLL_NANOS); // no notification of a stop to wait for
    }
  }

  /**
   * Resumes a paused child with SIGCONT.
   *
   * @throws IllegalStateException if it has ended, or if it was no longer stopped: something else
   *     continued it (another process's SIGCONT), so the pause lasted less than its caller
   *     believes; it runs either way
   */
  public void resume() {
    boolean held = !paused || OsProcess.stopped(pid());
    signal("CONT");
    paused = false;
    if (!held) {
      throw new IllegalStateException(
          "child "
              + name
              + " (pid "
              + pid()
              + ") was no longer stopped when resumed: something"
              + " else sent it SIGCONT, so its pause did not hold");
    }
  }

  /** Kills the child with SIGKILL (kill -9, paused or not) and waits until it is gone. */
  public void kill() {
    process.destroyForcibly();
    awaitExit(KILL_WAIT);
  }

  /** Stops the child gracefully: {@link #terminate(Duration)} with {@link #TERMINATE_TIMEOUT}. */
  public int terminate() {
    return terminate(TERMINATE_TIMEOUT);
  }

  /**
   * SIGTERM (and SIGCONT so a paused child handles it), SIGKILL after {@code timeout}.
   *
   * @return the exit code: 143 after SIGTERM, 137 if it had to be killed
   */
  public int terminate(Duration timeout) {
    if (process.isAlive()) {
      process.destroy();
      resumeQuietly();
      if (!awaitExit(timeout)) {
        process.destroyForcibly();
        awaitExit(KILL_WAIT);
      }
    }
    return exitCode()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "child " + name + " (pid " + pid() + ") did not end after SIGKILL"));
  }

  /** Kills the child (SIGKILL, after a SIGCONT in case it is paused) and waits until it is gone. */
  @Override
  public void close() {
    if (process.isAlive()) {
      resumeQuietly();
      process.destroyForcibly();
      awaitExit(KILL_WAIT);
    }
  }

  @Override
  public String toString() {
    String exit = process.isAlive() ? "" : ", exit " + process.exitValue();
    return "ChildJvm[" + name + ", pid " + pid() + exit + "]";
  }

  /** The last lines of the child's output and errors, for messages. */
  String describeOutput() {
    StringBuilder s = new StringBuilder("last output lines (" + out + "):");
    appendTail(s, out);
    if (!err.equals(out)) {
      s.append("\nlast error lines (").append(err).append("):");
      appendTail(s, err);
    }
    return s.toString();
  }

  private static void appendTail(StringBuilder s, Path file) {
    List<String> lines = tail(file, TAIL_LINES);
    if (lines.isEmpty()) {
      s.append(" (none)");
    }
    for (String line : lines) {
      s.append("\n  ").append(line);
    }
  }

  /** The last {@code n} lines of {@code file}; empty if missing. */
  static List<String> tail(Path file, int n) {
    try {
      if (!Files.exists(file)) {
        return List.of();
      }
      List<String> lines =
          new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
      return lines.subList(Math.max(0, lines.size() - n), lines.size());
    } catch (IOException e) {
      return List.of("(cannot read " + file + ": " + e + ")");
    }
  }

  private static List<String> completeLines(Path file) {
    try {
      String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
      int end = text.lastIndexOf('\n');
      return end < 0 ? List.of() : text.substring(0, end + 1).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits up to {@code timeout} for the child to end; true if it has. */
  public boolean awaitExit(Duration timeout) {
    try {
      return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !process.isAlive();
    }
  }

  private void signal(String signal) {
    if (!process.isAlive()) { // its pid may belong to another process by now
      throw new IllegalStateException("child " + name + " (pid " + pid() + ") has ended");
    }
    try {
      Process kill =
          new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
              .redirectErrorStream(true)
              .start();
      if (!kill.waitFor(10, TimeUnit.SECONDS)) {
        kill.destroyForcibly();
        throw new IllegalStateException(
            "kill -" + signal + " " + process.pid() + " did not return");
      }
      if (kill.exitValue() != 0) {
        String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        throw new IllegalStateException(
            "kill -" + signal + " " + process.pid() + " failed: " + output.trim());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private void resumeQuietly() {
    try {
      signal("CONT");
      paused = false;
    } catch (RuntimeException ignored) {
      // already gone
    }
  }
}
