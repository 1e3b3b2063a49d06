// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.testkit.ChildMain;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ScaleChild} in its own JVM (through {@link ChildMain}, so it halts if this JVM ends),
 * talked to line by line: commands on its stdin, answers read from its stdout as they come (no
 * polling of a file); its stderr goes to this JVM's stderr.
 */
final class ChildProcess implements AutoCloseable {
  /** What starts every answer line of the child; other lines (the JVM's own) are passed on. */
  static final String MARK = "@scale ";

  private static final String END = "\u0000end";

  private final String name;
  private final Process process;
  private final OutputStream in;
  private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();

  private ChildProcess(String name, Process process) {
    this.name = name;
    this.process = process;
    this.in = process.getOutputStream();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                  if (line.startsWith(MARK)) {
                    lines.add(line.substring(MARK.length()));
                  } else {
                    System.err.println("[" + name + " stdout] " + line);
                  }
                }
              } catch (IOException e) {
                lines.add("FAILED reading the child's output: " + e);
              } finally {
                lines.add(END);
              }
            },
            "bench-child-" + name);
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts {@link ScaleChild} with {@code jvmOptions} and {@code args}. */
  static ChildProcess start(String name, List<String> jvmOptions, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
    command.addAll(jvmOptions);
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            ChildMain.class.getName(),
            Long.toString(ProcessHandle.current().pid()),
            ScaleChild.class.getName()));
    command.addAll(args);
    try {
      Process p =
          new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      return new ChildProcess(name, p);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the " + name + " child JVM", e);
    }
  }

  /** Sends one command line. */
  void send(String command) {
    try {
      in.write((command + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    } catch (IOException e) {
      throw new BenchmarkFailure(name + " child: cannot send '" + command + "': " + e);
    }
  }

  /**
   * Waits for the next answer, which must start with {@code word}; returns its {@code key=value}
   * fields.
   *
   * @throws BenchmarkFailure on {@code FAILED}, another answer, the child's end or a timeout
   */
  Map<String, String> await(String word, long timeoutMs) throws InterruptedException {
    String line = lines.poll(timeoutMs, TimeUnit.MILLISECONDS);
    if (line == null || line.equals(END) || !line.startsWith(word)) {
      throw new BenchmarkFailure(
          name
              + " child: expected "
              + word
              + ", got "
              + (line == null
                  ? "nothing within " + timeoutMs + " ms"
                  : line.equals(END) ? "the end of its output" : "'" + line + "'"));
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (String part : line.substring(word.length()).trim().split(" ")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        fields.put(part.substring(0, eq), part.substring(eq + 1));
      }
    }
    return fields;
  }

  /** Sends {@code command} and waits for its answer. */
  Map<String, String> ask(String command, String word, long timeoutMs) throws InterruptedException {
    send(command);
    return await(word, timeoutMs);
  }

  /** Waits for the child to exit, then kills it if it did not. */
  @Override
  public void close() throws InterruptedException {
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /** Kills the child at once. */
  void kill() {
    process.destroyForcibly();
  }
}
