// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.FencingException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.support.SQLExceptionTranslator;

/**
 * Runs fence checks on a transaction's connection. A resource's first check not yet registered by
 * this process runs in a savepoint: if another writer registers it at the same moment (duplicate
 * key), only the savepoint is rolled back and the check rerun against that row (PostgreSQL
 * otherwise aborts the whole transaction on a failed statement).
 */
final class FenceStatements {
  private static final int ATTEMPTS = 3;

  private final SqlFence fence;
  private final Connection connection;
  private final SQLExceptionTranslator translator;

  FenceStatements(SqlFence fence, Connection connection, SQLExceptionTranslator translator) {
    this.fence = fence;
    this.connection = connection;
    this.translator = translator;
  }

  /** Accepts the check's token or throws; {@code mayRace}: the resource may be new. */
  void accept(FenceCheck check, boolean mayRace) {
    String resource = check.resource();
    try {
      if (connection.getAutoCommit()) {
        throw new IllegalStateException(
            ("the transaction's connection is in auto-commit mode, so the fence check of '%s'"
                    + " would commit on its own: the transaction manager does not manage this"
                    + " DataSource")
                .formatted(resource));
      }
      for (int attempt = 1; ; attempt++) {
        Savepoint savepoint = mayRace ? connection.setSavepoint() : null;
        try {
          fence.acceptInTransaction(connection, resource, check.token());
          if (savepoint != null) {
            connection.releaseSavepoint(savepoint);
          }
          return;
        } catch (SqlFence.ConcurrentFirstWriterException e) {
          if (savepoint == null || attempt >= ATTEMPTS) {
            throw new FencingException(
                resource,
                ("a concurrent writer registered '%s' with the fence at the same time; the"
                        + " transaction is rolled back, retry it")
                    .formatted(resource),
                e);
          }
          connection.rollback(savepoint);
        }
      }
    } catch (SQLException e) {
      throw translate(resource, e);
    }
  }

  private RuntimeException translate(String resource, SQLException e) {
    String state = e.getSQLState();
    if (state != null && state.startsWith("42")) {
      return new FenceConfigurationException(
          ("the fence table %s is missing or has another shape (%s); let the application create it"
                  + " (baton.fence.create-schema=always) or apply: %s")
              .formatted(fence.table(), e.getMessage(), SqlFenceSchema.ddl(fence.table())),
          e);
    }
    @Nullable DataAccessException translated =
        translator.translate("fence check of '" + resource + "'", null, e);
    return translated != null
        ? translated
        : new FencingException(
            resource, "the fence check of '" + resource + "' failed: " + e.getMessage(), e);
  }
}
