// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import java.util.Arrays;
import java.util.List;

/**
 * The example's entry point. Without {@code --instance} it is the {@link Launcher}: an embedded
 * ZooKeeper and H2 server plus several instances of the service. With {@code --instance} it is one
 * instance of the service ({@link SchedulerApplication}), which is how the launcher starts them.
 */
public final class ExampleMain {
  static final String INSTANCE_FLAG = "--instance";

  private ExampleMain() {}

  /** Runs the launcher, or one instance with {@code --instance}. */
  public static void main(String[] args) {
    List<String> list = Arrays.asList(args);
    if (list.contains(INSTANCE_FLAG)) {
      SchedulerApplication.run(
          list.stream().filter(a -> !a.equals(INSTANCE_FLAG)).toArray(String[]::new));
    } else {
      // Before anything logs: the launcher's own servers log warnings only.
      System.setProperty("logback.configurationFile", "launcher-logback.xml");
      System.exit(Launcher.run(args));
    }
  }
}
