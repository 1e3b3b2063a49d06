// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The starter of {@link ChildJvmTest}'s orphaned-group test: starts an {@link EchoMain} child and
 * pauses it, starts {@code sleep} as a plain child of its own process group and stops it (the
 * control), prints {@code PAUSED <child pid> <control pid>}, then waits until it is killed.
 */
public final class PausingStarterMain {
  private PausingStarterMain() {}

  /** Runs the starter. */
  public static void main(String[] args) throws Exception {
    ChildJvm child = ChildJvm.start(EchoMain.class);
    child.awaitLine("READY", 0, Duration.ofSeconds(30));
    child.pause();
    Process control = new ProcessBuilder("sleep", "600").start();
    Process stop = new ProcessBuilder("kill", "-STOP", Long.toString(control.pid())).start();
    if (!stop.waitFor(30, TimeUnit.SECONDS) || stop.exitValue() != 0) {
      throw new IllegalStateException("cannot stop the control " + control.pid());
    }
    while (!OsProcess.stopped(control.pid())) {
      Thread.onSpinWait();
    }
    System.out.println("PAUSED " + child.pid() + " " + control.pid());
    System.out.flush();
    new CountDownLatch(1).await(); // until killed; its child halts then (ChildMain)
  }
}
