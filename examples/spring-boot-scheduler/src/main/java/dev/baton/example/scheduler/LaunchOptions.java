// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import java.util.Optional;

/**
 * The launcher's command line: {@code [--instances N] [--db-url JDBC_URL] [--zookeeper CONNECT]}.
 *
 * @param instances how many instances of the service to start, 1 to 9 (default 3)
 * @param dbUrl a database for every instance (default: an embedded H2 server)
 * @param zookeeper a ZooKeeper ensemble (default: an embedded server)
 */
record LaunchOptions(int instances, Optional<String> dbUrl, Optional<String> zookeeper) {
  static final String USAGE =
      "usage: run [--instances N (1-9, default 3)] [--db-url JDBC_URL (default: embedded H2;"
          + " e.g. jdbc:postgresql://127.0.0.1:5432/baton?user=baton&password=baton)]"
          + " [--zookeeper HOST:PORT (default: embedded)]";

  /**
   * Parses {@code args}.
   *
   * @throws IllegalArgumentException with a message naming the bad option
   */
  static LaunchOptions parse(String... args) {
    int instances = 3;
    String dbUrl = null;
    String zookeeper = null;
    for (int i = 0; i < args.length; i++) {
      String option = args[i];
      if (option.equals("--help") || option.equals("-h")) {
        throw new IllegalArgumentException(USAGE);
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option " + option + " needs a value; " + USAGE);
      }
      String value = args[++i];
      switch (option) {
        case "--instances" -> instances = instances(value);
        case "--db-url" -> dbUrl = value;
        case "--zookeeper" -> zookeeper = value;
        default -> throw new IllegalArgumentException("unknown option " + option + "; " + USAGE);
      }
    }
    return new LaunchOptions(instances, Optional.ofNullable(dbUrl), Optional.ofNullable(zookeeper));
  }

  private static int instances(String value) {
    try {
      int n = Integer.parseInt(value);
      if (n >= 1 && n <= 9) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below with the value
    }
    throw new IllegalArgumentException("--instances must be 1 to 9, not '" + value + "'");
  }
}
