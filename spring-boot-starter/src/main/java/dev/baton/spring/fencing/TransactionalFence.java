// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import dev.baton.fencing.Fence;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlFence;
import java.sql.Connection;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.jdbc.support.SQLErrorCodeSQLExceptionTranslator;
import org.springframework.jdbc.support.SQLExceptionTranslator;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A {@link SqlFence} joining the current Spring transaction: the check runs on its connection, so
 * it commits or rolls back with the transaction's other writes on the same {@code DataSource}.
 * {@link Fenced} uses it; call it directly for other tokens. Each call needs an active read-write
 * Spring transaction managed on this fence's {@code DataSource} (else {@link
 * IllegalStateException}); a rejected token is a {@link dev.baton.fencing.FencingException}, other
 * failures Spring {@code DataAccessException}s, each rolling it back. Thread-safe.
 */
public final class TransactionalFence {
  private final SqlFence fence;
  private final DataSource dataSource;
  private final SQLExceptionTranslator translator;
  private final Set<String> registered = ConcurrentHashMap.newKeySet();

  /** A fence on {@code dataSource}; {@code fence} must be a fence on that same data source. */
  public TransactionalFence(SqlFence fence, DataSource dataSource) {
    this.fence = Objects.requireNonNull(fence, "fence");
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    this.translator = new SQLErrorCodeSQLExceptionTranslator(dataSource);
  }

  /** The fence behind this one. */
  public SqlFence sqlFence() {
    return fence;
  }

  /** The data source whose transactions this fence joins. */
  public DataSource dataSource() {
    return dataSource;
  }

  /**
   * Checks {@code token} for {@code resource} in the current transaction just before it commits;
   * several resources in name order, so no two transactions lock rows crosswise.
   */
  public void acceptAtCommit(String resource, FencingToken token) {
    Fence.checkWrite(resource, token);
    requireTransaction("acceptAtCommit('" + resource + "')");
    synchronization().add(resource, token);
  }

  /**
   * Checks {@code token} for {@code resource} now, locking its fence row until the transaction
   * ends. Prefer {@link #acceptAtCommit} unless the transaction is short and must fail early.
   *
   * @throws dev.baton.fencing.StaleTokenException if a newer token was accepted: roll back
   */
  public void acceptNow(String resource, FencingToken token) {
    Fence.checkWrite(resource, token);
    requireTransaction("acceptNow('" + resource + "')");
    accept(List.of(new FenceCheck(resource, token)));
    synchronization().registersOnCommit(resource);
  }

  /** The highest token {@code resource} has accepted (committed), if any. */
  public Optional<FencingToken> highest(String resource) {
    return fence.highest(resource);
  }

  void accept(Iterable<FenceCheck> checks) {
    Connection connection = DataSourceUtils.getConnection(dataSource);
    try {
      FenceStatements statements = new FenceStatements(fence, connection, translator);
      for (FenceCheck check : checks) {
        statements.accept(check, !registered.contains(check.resource()));
      }
    } finally {
      DataSourceUtils.releaseConnection(connection, dataSource);
    }
  }

  /** Resources whose fence row a committed transaction wrote: their checks need no savepoint. */
  void registered(Collection<String> resources) {
    registered.addAll(resources);
  }

  /** The current transaction's synchronization of this fence, registered on first use. */
  private FenceSynchronization synchronization() {
    for (TransactionSynchronization s : TransactionSynchronizationManager.getSynchronizations()) {
      if (s instanceof FenceSynchronization sync && sync.fence() == this) {
        return sync;
      }
    }
    FenceSynchronization sync = new FenceSynchronization(this);
    TransactionSynchronizationManager.registerSynchronization(sync);
    return sync;
  }

  private void requireTransaction(String what) {
    if (!TransactionSynchronizationManager.isActualTransactionActive()
        || !TransactionSynchronizationManager.isSynchronizationActive()) {
      throw new IllegalStateException(
          what
              + " needs an active Spring-managed transaction: make the method (or its caller)"
              + " @Transactional, or run it in a TransactionTemplate");
    }
    if (TransactionSynchronizationManager.isCurrentTransactionReadOnly()) {
      throw new IllegalStateException(what + " cannot write in a read-only transaction");
    }
    if (!(TransactionSynchronizationManager.getResource(dataSource) instanceof ConnectionHolder)) {
      throw new IllegalStateException(
          what
              + " needs the current transaction to be on the fence's DataSource, but its"
              + " transaction manager does not manage that DataSource (use a"
              + " DataSourceTransactionManager or a JpaTransactionManager on it)");
    }
  }

  @Override
  public String toString() {
    return "TransactionalFence{" + fence.table() + "}";
  }
}
