// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.core.env.Environment;

/**
 * Baton's first uses of the application's database at start-up (the lease table, the fence and
 * scheduler tables): a database that cannot be reached is reported as such, naming {@code
 * spring.datasource.url} and the driver's reason (an unknown host, a refused connection), which the
 * driver's own message ("The connection attempt failed.") leaves in its causes.
 */
final class DatabaseStartup {
  private DatabaseStartup() {}

  /**
   * Runs {@code step}, which uses the database to {@code what} (e.g. "prepare the lease table
   * baton_lease").
   *
   * @throws BatonStartupException if the database could not be reached
   */
  static <T> T run(Environment environment, String what, Supplier<T> step) {
    try {
      return step.get();
    } catch (RuntimeException e) {
      Throwable reason = unreachable(e);
      if (reason == null) {
        throw e;
      }
      String url = environment.getProperty("spring.datasource.url");
      if (url != null) {
        url = url.replaceAll("(?i)(password=)[^&;]*", "$1******");
      }
      throw new BatonStartupException(
          "Baton could not "
              + what
              + ": it could not reach the database"
              + (url == null
                  ? " of the application's DataSource"
                  : " at spring.datasource.url=" + url)
              + " ("
              + reason
              + ")",
          "Check spring.datasource.url (host, port, database), that the database runs and accepts"
              + " connections from this host",
          e);
    }
  }

  /**
   * The deepest cause that says the database could not be reached (a network error, or SQL state
   * class 08, connection exception), or null.
   */
  static @Nullable Throwable unreachable(Throwable failure) {
    Throwable found = null;
    for (Throwable t = failure; t != null && t != t.getCause(); t = t.getCause()) {
      if (t instanceof UnknownHostException
          || t instanceof ConnectException
          || t instanceof NoRouteToHostException
          || (t instanceof SQLException sql
              && sql.getSQLState() != null
              && sql.getSQLState().startsWith("08"))) {
        found = t;
      }
    }
    return found;
  }
}
