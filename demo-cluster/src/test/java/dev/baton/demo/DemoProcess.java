// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * The demo as a user runs it: {@code java -jar baton-demo.jar} (the packaged jar, as {@code
 * demo-cluster/run} and the Dockerfile run it) in a session of its own ({@code setsid}), so that
 * {@link #interrupt()} can send SIGINT to its whole process group, as Ctrl-C in a terminal does.
 */
final class DemoProcess implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final List<String> output = new CopyOnWriteArrayList<>();
  private final CompletableFuture<URI> dashboard = new CompletableFuture<>();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private DemoProcess(Process process) {
    this.process = process;
    Thread reader = new Thread(this::readOutput, "demo-output");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts the demo with {@code args} and waits until it printed its dashboard's URL. */
  static DemoProcess start(String... args) {
    String jar = System.getProperty("baton.demo.jar");
    if (jar == null || !Files.isRegularFile(Path.of(jar))) {
      throw new IllegalStateException(
          "the demo's jar (system property baton.demo.jar) is missing: "
              + jar
              + "; integration tests run after mvn package");
    }
    List<String> command =
        new ArrayList<>(
            List.of(
                "setsid",
                // SIGINT as in a terminal: a build started in the background (nohup, "&") passes
                // SIGINT on ignored, and a JVM that starts with it ignored never handles it
                "env",
                "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar));
    command.addAll(List.of(args));
    try {
      DemoProcess demo =
          new DemoProcess(new ProcessBuilder(command).redirectErrorStream(true).start());
      demo.dashboard.get(120, java.util.concurrent.TimeUnit.SECONDS);
      return demo;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the demo", e);
    } catch (Exception e) {
      throw new IllegalStateException("the demo printed no dashboard URL", e);
    }
  }

  private void readOutput() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        output.add(line);
        if (line.startsWith(DemoDefaults.DASHBOARD_LINE)) {
          dashboard.complete(
              URI.create(line.substring(DemoDefaults.DASHBOARD_LINE.length()).trim()));
        }
      }
    } catch (IOException e) {
      dashboard.completeExceptionally(e);
    }
    dashboard.completeExceptionally(new IllegalStateException("the demo ended: " + tail()));
  }

  URI dashboard() {
    return dashboard.join();
  }

  long pid() {
    return process.pid();
  }

  /** The demo's state from its dashboard's API. */
  JsonNode state() {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(dashboard().resolve("/api/state"))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return JSON.readTree(r.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Waits until the state satisfies {@code condition}; returns that state. */
  JsonNode awaitState(Duration within, Predicate<JsonNode> condition) {
    return await()
        .atMost(within)
        .pollInterval(Duration.ofMillis(200))
        .ignoreExceptionsInstanceOf(UncheckedIOException.class)
        .until(this::state, condition::test);
  }

  /** Posts a fault; returns the answer's JSON. */
  JsonNode inject(String kind, String query) {
    try {
      URI uri = dashboard().resolve("/api/faults/" + kind + (query.isEmpty() ? "" : "?" + query));
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(uri)
                  .header("Origin", "http://" + uri.getRawAuthority())
                  .POST(HttpRequest.BodyPublishers.noBody())
                  .timeout(Duration.ofSeconds(30))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      JsonNode answer = JSON.readTree(r.body());
      if (r.statusCode() != 200) {
        throw new IllegalStateException(
            "fault " + kind + " refused (" + r.statusCode() + "): " + answer);
      }
      return answer;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Every process the demo started, alive now. */
  List<ProcessHandle> descendants() {
    return process.descendants().toList();
  }

  /** SIGINT to the demo's process group, as Ctrl-C does. */
  void interrupt() {
    try {
      Process kill =
          new ProcessBuilder("kill", "-INT", "--", "-" + process.pid()).inheritIO().start();
      if (kill.waitFor() != 0) {
        throw new IllegalStateException("kill -INT failed");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Waits for the demo to end; returns its exit code. */
  int awaitExit(Duration within) {
    try {
      if (!process.waitFor(within.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("the demo did not end within " + within + ": " + tail());
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  List<String> output() {
    return List.copyOf(output);
  }

  String tail() {
    List<String> lines = output();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
  }

  @Override
  public void close() {
    List<ProcessHandle> left = descendants();
    process.destroyForcibly();
    left.forEach(ProcessHandle::destroyForcibly);
  }
}
