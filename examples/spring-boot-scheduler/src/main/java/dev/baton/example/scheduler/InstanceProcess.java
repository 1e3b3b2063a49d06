// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One instance of the service, a child JVM started from the launcher's own class path (the packaged
 * jar under {@code java -jar}), its output in a log file.
 */
record InstanceProcess(int number, int port, Path log, Process process) {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

  /** Starts instance {@code number} on {@code port} with the service's {@code properties}. */
  static InstanceProcess start(int number, int port, Path logDir, List<String> properties) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // Small and quick to start: three of them share a laptop's cores with ZooKeeper and H2.
    command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
    String classPath = System.getProperty("java.class.path");
    if (classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator)) {
      command.addAll(List.of("-jar", classPath));
    } else {
      command.addAll(List.of("-cp", classPath, ExampleMain.class.getName()));
    }
    command.add(ExampleMain.INSTANCE_FLAG);
    command.add("--server.port=" + port);
    command.add("--server.address=127.0.0.1");
    command.add("--baton.example.instance=" + number);
    command.addAll(properties);
    Path log = logDir.resolve("instance-" + number + ".log");
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      return new InstanceProcess(number, port, log, process);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start instance " + number, e);
    }
  }

  URI healthUri() {
    return URI.create("http://127.0.0.1:" + port + "/actuator/health");
  }

  /**
   * Waits until the instance's health endpoint answers (UP or not).
   *
   * @throws IllegalStateException if the process exits or does not answer in time
   */
  void awaitStarted(HttpClient http) throws InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    HttpRequest request =
        HttpRequest.newBuilder(healthUri()).timeout(Duration.ofSeconds(5)).build();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "instance " + number + " exited with " + process.exitValue() + "; see " + log);
      }
      try {
        http.send(request, HttpResponse.BodyHandlers.discarding());
        return;
      } catch (IOException notYet) {
        process.waitFor(250, TimeUnit.MILLISECONDS); // not listening yet: poll again
      }
    }
    throw new IllegalStateException(
        "instance " + number + " did not answer within " + START_TIMEOUT + "; see " + log);
  }

  /** Stops the instance gracefully (SIGTERM: Spring closes the context and the Baton session). */
  void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
    }
  }
}
