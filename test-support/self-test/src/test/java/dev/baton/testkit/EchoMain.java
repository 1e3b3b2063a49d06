// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The child of {@link ChildJvmTest}: prints {@code READY}, then obeys its standard input line by
 * line ({@code ECHO <text>} prints the text, {@code EXIT <code>} exits, {@code SPAWN} starts a
 * child of its own and prints {@code CHILD <pid>}). A shutdown hook prints {@code BYE}. At the end
 * of its input it waits forever: only a signal, or {@link ChildMain} seeing its parent gone, ends
 * it.
 */
public final class EchoMain {
  private EchoMain() {}

  /** Runs the child. */
  public static void main(String[] args) throws Exception {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("BYE")));
    System.out.println("READY");
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.startsWith("ECHO ")) {
        System.out.println(line.substring("ECHO ".length()));
      } else if (line.startsWith("EXIT ")) {
        System.exit(Integer.parseInt(line.substring("EXIT ".length())));
      } else if (line.equals("SPAWN")) {
        ChildJvm child = ChildJvm.start(EchoMain.class);
        child.awaitLine("READY", 0, Duration.ofSeconds(30));
        System.out.println("CHILD " + child.pid());
      }
    }
    Thread.currentThread().join(); // never returns
  }
}
