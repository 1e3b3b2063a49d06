// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/** {@link SqlJobStore}'s claim leases: each one update conditional on claimer and attempt. */
final class SqlJobClaims {
  private final DataSource dataSource;
  private final String jobs;
  private final String prefix;
  private final ClaimConfig claims;

  SqlJobClaims(DataSource dataSource, String jobs, String prefix, ClaimConfig claims) {
    this.dataSource = dataSource;
    this.jobs = jobs;
    this.prefix = prefix;
    this.claims = claims;
  }

  Optional<ScheduledJob> claim(String worker) {
    Objects.requireNonNull(worker, "worker");
    String claimable =
        "status IN ('PENDING', 'RUNNING') AND (lease_until IS NULL "
            + "OR lease_until <= CURRENT_TIMESTAMP)";
    try (Connection c = dataSource.getConnection()) {
      for (int tries = 0; tries < 10; tries++) {
        Optional<ScheduledJob> next =
            SqlJobTables.select(
                    c,
                    "SELECT "
                        + SqlJobTables.COLUMNS
                        + " FROM "
                        + jobs
                        + " WHERE "
                        + claimable
                        + " ORDER BY scheduled_for, schedule_key LIMIT 1",
                    null)
                .stream()
                .findFirst();
        if (next.isEmpty()) {
          return Optional.empty();
        }
        ScheduledJob job = next.get();
        boolean exhausted = job.attempts() >= claims.maxAttempts();
        String update =
            exhausted
                ? "UPDATE "
                    + jobs
                    + " SET status = 'FAILED', lease_until = NULL, completed_at = CURRENT_TIMESTAMP"
                    + " WHERE schedule_key = ? AND attempts = ? AND "
                    + claimable
                : "UPDATE "
                    + jobs
                    + " SET status = 'RUNNING', claimed_by = ?, claimed_at = CURRENT_TIMESTAMP, "
                    + "lease_until = "
                    + leaseEnd()
                    + ", attempts = attempts + 1 WHERE schedule_key = ? AND attempts = ? AND "
                    + claimable;
        try (PreparedStatement p = c.prepareStatement(update)) {
          int i = 1;
          if (!exhausted) {
            p.setString(i++, worker);
            p.setLong(i++, claims.lease().toMillis());
          }
          p.setString(i++, job.scheduleKey());
          p.setInt(i, job.attempts());
          if (p.executeUpdate() == 1 && !exhausted) {
            return Optional.of(job.claimedFor(worker));
          }
        }
      }
      return Optional.empty();
    } catch (SQLException e) {
      throw SqlJobTables.failure("cannot claim a job for " + worker, prefix, e);
    }
  }

  boolean renew(ScheduledJob claim) {
    return updateClaim(claim, "lease_until = " + leaseEnd(), "renew", claims.lease().toMillis());
  }

  boolean complete(ScheduledJob claim) {
    return updateClaim(
        claim, "status = 'DONE', completed_at = CURRENT_TIMESTAMP, lease_until = NULL", "complete");
  }

  boolean fail(ScheduledJob claim, Throwable error) {
    Objects.requireNonNull(claim, "claim");
    Objects.requireNonNull(error, "error");
    String text = ScheduledJob.describe(error);
    if (claim.attempts() >= claims.maxAttempts()) {
      return updateClaim(
          claim,
          "status = 'FAILED', completed_at = CURRENT_TIMESTAMP, lease_until = NULL, last_error = ?",
          "fail",
          text);
    }
    return updateClaim(
        claim,
        "status = 'PENDING', lease_until = " + leaseEnd() + ", last_error = ?",
        "release",
        claims.retryDelay(claim.attempts()).toMillis(),
        text);
  }

  /** A time from now in the database's time; its parameter is the offset in ms. */
  private static String leaseEnd() {
    return "CURRENT_TIMESTAMP + CAST(? AS BIGINT) * INTERVAL '0.001' SECOND";
  }

  /** Updates the claim's job if the claim still holds it; {@code values} fill {@code set}. */
  private boolean updateClaim(ScheduledJob claim, String set, String what, Object... values) {
    String worker = claim.claimer();
    try (Connection c = dataSource.getConnection();
        PreparedStatement p =
            c.prepareStatement(
                "UPDATE "
                    + jobs
                    + " SET "
                    + set
                    + " WHERE schedule_key = ? AND claimed_by = ? AND attempts = ? "
                    + "AND status = 'RUNNING'")) {
      int i = 1;
      for (Object value : values) {
        p.setObject(i++, value);
      }
      p.setString(i++, claim.scheduleKey());
      p.setString(i++, worker);
      p.setInt(i, claim.attempts());
      return p.executeUpdate() == 1;
    } catch (SQLException e) {
      throw SqlJobTables.failure(
          "cannot " + what + " " + claim.scheduleKey() + " for " + worker, prefix, e);
    }
  }
}
