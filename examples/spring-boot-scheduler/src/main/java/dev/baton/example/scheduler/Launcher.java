// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Starts the example: an embedded ZooKeeper server and H2 database server (unless {@code
 * --zookeeper} and {@code --db-url} name real ones), then {@code --instances} instances of the
 * service, and prints one line per instance, {@code Instance <n>:
 * http://127.0.0.1:<port>/actuator/health}. Ctrl-C stops the instances (gracefully), then the
 * servers.
 */
final class Launcher {
  private Launcher() {}

  /** Runs until the JVM is asked to stop; returns the exit code on a bad command line. */
  static int run(String... args) {
    LaunchOptions options;
    try {
      options = LaunchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    PrintStream out = System.out;
    EmbeddedServers servers = new EmbeddedServers();
    List<InstanceProcess> instances = new ArrayList<>();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> stopAll(instances, servers, stopped), "example-shutdown"));
    try {
      String zookeeper = options.zookeeper().orElseGet(servers::startZooKeeper);
      List<String> properties = new ArrayList<>();
      properties.add("--baton.connect-string=" + zookeeper);
      if (options.dbUrl().isPresent()) {
        properties.add("--spring.datasource.url=" + options.dbUrl().get());
      } else {
        properties.add("--spring.datasource.url=" + servers.startH2());
        properties.add("--spring.datasource.username=sa");
        properties.add("--spring.datasource.password=");
      }
      Path logDir = Files.createTempDirectory("baton-example-logs");
      out.println("ZooKeeper " + zookeeper + "; starting " + options.instances() + " instances...");
      synchronized (instances) {
        for (int n = 1; n <= options.instances(); n++) {
          instances.add(InstanceProcess.start(n, EmbeddedServers.freePort(), logDir, properties));
        }
      }
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
      for (InstanceProcess instance : List.copyOf(instances)) {
        instance.awaitStarted(http);
        out.println("Instance " + instance.number() + ": " + instance.healthUri());
      }
      out.println("Logs in " + logDir + ". Ctrl-C stops everything.");
      out.flush();
      for (InstanceProcess instance : List.copyOf(instances)) {
        instance.process().onExit().thenRun(() -> reportExit(instance, stopped));
      }
      stopped.await();
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      System.err.println("The example could not start: " + e.getMessage());
      return 1;
    }
  }

  private static void reportExit(InstanceProcess instance, CountDownLatch stopped) {
    if (stopped.getCount() > 0) {
      int code = instance.process().exitValue();
      String log = instance.log().toString();
      System.out.println(
          "Instance " + instance.number() + " exited with " + code + "; its log: " + log);
    }
  }

  private static void stopAll(
      List<InstanceProcess> instances, EmbeddedServers servers, CountDownLatch stopped) {
    stopped.countDown();
    List<InstanceProcess> running;
    synchronized (instances) {
      running = List.copyOf(instances);
    }
    for (InstanceProcess instance : running) {
      instance.process().destroy(); // SIGTERM to all first, so they stop in parallel
    }
    try {
      for (InstanceProcess instance : running) {
        instance.stop();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    servers.close();
  }
}
