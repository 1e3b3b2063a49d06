// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo;

import dev.baton.demo.cluster.DemoCluster;
import dev.baton.demo.cluster.DemoOptions;
import dev.baton.demo.web.Dashboard;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/** The launcher ({@code demo-cluster/run}); Ctrl-C or SIGTERM stops everything it started. */
public final class DemoMain {
  private DemoMain() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
      System.out.println(DemoOptions.usage());
      return;
    }
    DemoOptions options;
    try {
      options = DemoOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(DemoOptions.usage());
      System.exit(2);
      return;
    }
    String ensemble =
        options
            .zookeeper()
            .map(zk -> "on the ensemble " + zk)
            .orElse("a ZooKeeper ensemble of " + options.servers() + " server processes");
    String tls = options.tls() ? " with TLS" : "";
    System.out.println(
        "Starting " + ensemble + tls + ", " + options.workers() + " workers and the dashboard...");
    // The hook comes first: a Ctrl-C during the start stops whatever has started by then.
    AtomicReference<DemoCluster> cluster = new AtomicReference<>();
    AtomicReference<Dashboard> dashboard = new AtomicReference<>();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  System.out.println("Stopping the demo...");
                  Optional.ofNullable(dashboard.get()).ifPresent(Dashboard::close);
                  Optional.ofNullable(cluster.get()).ifPresent(DemoCluster::close);
                  System.out.println("Stopped.");
                  stopped.countDown();
                },
                "demo-shutdown"));
    try {
      cluster.set(DemoCluster.start(options));
      dashboard.set(
          Dashboard.start(
              new InetSocketAddress(options.bind(), options.port()),
              Objects.requireNonNullElse(options.allowedHosts(), List.<String>of()),
              cluster.get()));
    } catch (RuntimeException e) {
      System.err.println("The demo could not start: " + e.getMessage());
      e.printStackTrace();
      System.exit(1); // the hook stops what did start
    }
    System.out.println("ZooKeeper: " + cluster.get().connectString());
    System.out.println(DemoDefaults.DASHBOARD_LINE + dashboard.get().uri());
    System.out.flush();
    stopped.await();
  }
}
