// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import dev.baton.spring.fencing.Fenced;
import dev.baton.spring.leader.CurrentTerm;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The billing table. {@link #record()} inserts a run in a transaction that commits only if the
 * fence accepts the current term's token for the resource {@code billing-run}.
 */
@Service
public class BillingRuns {
  private final JdbcTemplate jdbc;
  private final CurrentTerm term;
  private final String instance;

  BillingRuns(JdbcTemplate jdbc, CurrentTerm term, @Value("${baton.instance-id}") String instance) {
    this.jdbc = jdbc;
    this.term = term;
    this.instance = instance;
  }

  /** Records one run under the current term; rolled back if a newer term has billed. */
  @Transactional
  @Fenced(resource = "billing-run")
  public void record() {
    jdbc.update(
        "INSERT INTO billing_runs (instance, token) VALUES (?, ?)", instance, term.token().value());
  }

  /** The last {@code limit} runs, newest first. */
  public List<Map<String, Object>> latest(int limit) {
    return jdbc.query(
        "SELECT instance, token, ran_at FROM billing_runs ORDER BY id DESC LIMIT ?",
        (rs, n) ->
            Map.<String, Object>of(
                "instance", rs.getString(1),
                "token", rs.getLong(2),
                "ranAt", rs.getTimestamp(3).toInstant().toString()),
        limit);
  }
}
