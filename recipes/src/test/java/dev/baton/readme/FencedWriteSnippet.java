// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

// README:begin
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import java.sql.PreparedStatement;
import java.time.LocalDate;
// README:end

/**
 * The README's fenced write as it stands: the README's imports are this file's only ones, and its
 * code is the body of {@link #run}, an ordinary method that declares no exception.
 */
public final class FencedWriteSnippet {
  private FencedWriteSnippet() {}

  /** The README's code, given a data source and the current term. */
  public static void run(
      javax.sql.DataSource dataSource, dev.baton.recipes.election.Leadership leadership) {
    // README:begin
    SqlFenceSchema.create(dataSource);              // creates the table baton_fence if it is missing
    SqlFence fence = SqlFence.create(dataSource);   // fences with the table baton_fence
    fence.write("billing-run", leadership.token(), connection -> {
      try (PreparedStatement insert = connection.prepareStatement(
          "INSERT INTO billing_runs (run_date, token) VALUES (?, ?)")) {
        insert.setObject(1, LocalDate.now());
        insert.setLong(2, leadership.token().value());
        insert.executeUpdate();
      }
      return null; // commits with the fence, or not at all
    });
    // README:end
  }
}
