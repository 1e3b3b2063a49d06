// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.fencing.FenceConfigurationException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.Locale;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.core.env.Environment;

/**
 * Baton's first database uses at start-up, reporting an unreachable database with {@code
 * spring.datasource.url} and the driver's buried reason (unknown host, refused connection).
 */
final class DatabaseStartup {
  private DatabaseStartup() {}

  /** Runs {@code step} to {@code what}; unreachable database: {@link BatonStartupException}. */
  static <T> T run(Environment environment, String what, Supplier<T> step) {
    try {
      return step.get();
    } catch (RuntimeException e) {
      Throwable reason = unreachable(e);
      if (reason == null) {
        throw e;
      }
      String url = environment.getProperty("spring.datasource.url");
      String where =
          url == null
              ? "of the application's DataSource"
              : "at spring.datasource.url=" + url.replaceAll("(?i)(password=)[^&;]*", "$1******");
      throw new BatonStartupException(
          "Baton could not %s: it could not reach the database %s (%s)"
              .formatted(what, where, reason),
          "Check spring.datasource.url (host, port, database), that the database runs and accepts"
              + " connections from this host",
          e);
    }
  }

  /**
   * Creates tables at start-up when {@code mode} says Baton manages them; a table that cannot be
   * created fails the start naming the settings and the DDL. Returns whether the tables are there.
   */
  static boolean createSchema(
      Environment environment,
      DataSource dataSource,
      DatabaseInitializationMode mode,
      String tables,
      String settings,
      String ddl,
      String property,
      Runnable create) {
    if (!(mode == DatabaseInitializationMode.ALWAYS
        || (mode == DatabaseInitializationMode.EMBEDDED
            && EmbeddedDatabaseConnection.isEmbedded(dataSource)))) {
      return false;
    }
    return run(
        environment,
        "prepare " + tables,
        () -> {
          try {
            create.run();
            return true;
          } catch (FenceConfigurationException e) {
            throw new BatonStartupException(
                "Baton could not create %s (%s%s=%s): %s"
                    .formatted(tables, settings, property, name(mode), e.getMessage()),
                ("Check that the database user may create tables there, or create them with your"
                        + " migrations (%s) and set %s=never")
                    .formatted(ddl, property),
                e);
          }
        });
  }

  static String name(DatabaseInitializationMode mode) {
    return mode.name().toLowerCase(Locale.ROOT);
  }

  /** The deepest cause saying the database is unreachable (network, SQL state 08), or null. */
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
