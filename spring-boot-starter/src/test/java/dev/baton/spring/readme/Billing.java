// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.readme;

// README:begin
import dev.baton.spring.fencing.Fenced;
import dev.baton.spring.leader.CurrentTerm;
import dev.baton.spring.leader.LeaderOnly;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class Billing {
  private final JdbcTemplate jdbc;
  private final CurrentTerm term;

  public Billing(JdbcTemplate jdbc, CurrentTerm term) {
    this.jdbc = jdbc;
    this.term = term;
  }

  @Scheduled(fixedDelayString = "${billing.interval:60s}")
  @LeaderOnly("billing")
  @Transactional
  @Fenced(resource = "billing-run")
  public void closeTheDay() {
    // Commits only if no newer leader has written to "billing-run": the fence's check and this
    // insert are one transaction.
    jdbc.update("INSERT INTO invoices (token) VALUES (?)", term.token().value());
  }
}
// README:end
