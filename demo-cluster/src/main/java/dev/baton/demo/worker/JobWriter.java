// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.demo.DemoDefaults;
import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.scheduler.ScheduledJob;
import dev.baton.recipes.scheduler.SqlJobStore;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler role: while leading, creates jobs {@code <schedule>#<slot>} one after the other in
 * the {@link SqlJobStore}, each fenced with the token captured at election, after {@link
 * DemoDefaults#JOB_WORK} of work with no look at the term in between: a worker paused there writes
 * with its stale token and is rejected. (The store's {@code LeaderScheduler} checks the term before
 * every write, so a stale write would rarely show.)
 */
final class JobWriter implements LeadershipListener {
  /** The job type stored with every job. */
  static final String JOB_TYPE = "demo-job";

  private static final Logger log = LoggerFactory.getLogger(JobWriter.class);

  /** Below the election's callback drain timeout (5 s). */
  private static final Duration DRAIN = DemoDefaults.JOB_WORK.plusSeconds(3);

  private final SqlJobStore store;
  private final String schedule;
  private final Events events;
  private JobLoop loop; // only touched by the election's callbacks, which run one at a time

  JobWriter(SqlJobStore store, String schedule, Events events) {
    this.store = store;
    this.schedule = schedule;
    this.events = events;
  }

  /**
   * An election path's schedule: characters outside {@code [A-Za-z0-9._-]} as dots, no leading dot.
   */
  static String scheduleOf(String electionPath) {
    String name = electionPath.replaceAll("[^A-Za-z0-9._-]", ".").replaceAll("^\\.+", "");
    if (name.isEmpty()) {
      return "demo";
    }
    return name.length() > 200 ? name.substring(name.length() - 200) : name;
  }

  @Override
  public void elected(Leadership leadership) {
    events.emit(events.withToken("elected", leadership.token()));
    loop = new JobLoop(leadership);
    loop.start();
  }

  @Override
  public void revoked(Leadership leadership, RevocationReason reason) {
    JobLoop ending = loop;
    loop = null;
    if (ending != null) {
      if (reason == RevocationReason.CLOSED) {
        ending.abandon(); // this worker stops: the job in preparation is dropped
      } else {
        ending.stop(); // a job in flight is still written; the fence decides
      }
      if (!ending.join(DRAIN)) {
        log.warn("the job loop of term {} did not end within {}", leadership.token(), DRAIN);
      }
    }
    ObjectNode event = events.withToken("revoked", leadership.token());
    event.put("reason", reason.name());
    events.emit(event);
  }

  /** The jobs of one term. */
  private final class JobLoop extends TermLoop {
    JobLoop(Leadership leadership) {
      super("demo-jobs-" + leadership.token().value(), leadership, events, "job", null);
    }

    @Override
    protected void register(FencingToken token) {
      store.registerTerm(schedule, token);
    }

    @Override
    protected void writeOne(FencingToken token) throws InterruptedException {
      long slot = store.lastScheduledSlot(schedule) + 1;
      Thread.sleep(DemoDefaults.JOB_WORK.toMillis()); // preparing the job
      // No look at the term here: a pause above wakes up right into this write.
      if (store.createSlotJob(schedule, token, slot, Instant.now(), JOB_TYPE)) {
        ObjectNode event = events.withToken("job", token);
        event.put("job", ScheduledJob.keyOf(schedule, slot));
        event.put("slot", slot);
        events.emit(event);
      } else {
        log.info("slot {} of {} had its job already", slot, schedule);
      }
    }
  }
}
