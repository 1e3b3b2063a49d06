package dev.baton.demo;

import dev.baton.demo.cluster.DemoCluster;
import dev.baton.demo.cluster.DemoOptions;
import dev.baton.demo.web.Dashboard;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;

/**
 * The demo's launcher ({@code demo-cluster/run}): starts the ensemble, the database, the workers and
 * the dashboard, prints the dashboard's URL once the page is up, and on Ctrl-C (SIGINT) or SIGTERM
 * stops everything, leaving no process behind.
 */
public final class DemoMain {
  private DemoMain() {
  }

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
    System.out.println("Starting " + (options.zookeeper().isPresent() ? "on the ensemble " + options.zookeeper().get()
        : "a ZooKeeper ensemble of " + options.servers() + " server processes" + (options.tls() ? " with TLS" : ""))
        + ", " + options.workers() + " workers and the dashboard...");
    DemoCluster cluster = DemoCluster.start(options);
    Dashboard dashboard;
    try {
      dashboard = Dashboard.start(new InetSocketAddress(options.bind(), options.port()), cluster);
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.out.println("Stopping the demo...");
      dashboard.close();
      cluster.close();
      System.out.println("Stopped.");
      stopped.countDown();
    }, "demo-shutdown"));
    System.out.println(DemoDefaults.DASHBOARD_LINE + dashboard.uri());
    System.out.flush();
    stopped.await();
  }
}
