// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.spring.election.ElectionTerms;
import dev.baton.spring.fencing.BillingService.BillingRun;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One instance of {@link BillingService} in a child JVM, driven by lines on its standard input:
 * {@code AWAIT-LEADER} (answers {@code LEADER <token>}), {@code RUN} ({@code RAN <token>}), {@code
 * RUN-STALLED} (runs on another thread, answers {@code WRITTEN} once its row is written and stalls
 * until {@code GO}, then {@code RESULT ok <token>} or {@code RESULT <exception> <message>}) and
 * {@code EXIT}. Its arguments are the application's properties.
 */
final class PausedChildMain {
  private PausedChildMain() {}

  public static void main(String[] args) throws Exception {
    ConfigurableApplicationContext app = BillingService.start(args);
    ElectionTerms terms = app.getBean(ElectionTerms.class);
    BillingRun run = app.getBean(BillingRun.class);
    CountDownLatch go = new CountDownLatch(1);
    say("STARTED");
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      switch (line) {
        case "AWAIT-LEADER" -> {
          await().atMost(Duration.ofSeconds(30)).until(() -> terms.isLeader("billing"));
          say("LEADER " + terms.leadership("billing").orElseThrow().token());
        }
        case "RUN" -> say("RAN " + run.run());
        case "RUN-STALLED" -> {
          run.stallNextRun(() -> say("WRITTEN"), go);
          Thread stalled = new Thread(() -> say(result(run)), "stalled-run");
          stalled.start();
        }
        case "GO" -> go.countDown();
        case "EXIT" -> {
          app.close();
          say("EXITED");
          return;
        }
        default -> say("UNKNOWN " + line);
      }
    }
  }

  private static String result(BillingRun run) {
    try {
      FencingToken token = run.run();
      return "RESULT ok " + token;
    } catch (Exception e) {
      return "RESULT " + e.getClass().getSimpleName() + " " + e.getMessage();
    }
  }

  private static synchronized void say(String line) {
    System.out.println(line);
    System.out.flush();
  }
}
