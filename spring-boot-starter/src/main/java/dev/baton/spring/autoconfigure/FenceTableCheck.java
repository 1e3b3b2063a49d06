// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.spring.fencing.TransactionalFence;
import dev.baton.spring.leader.FencedPostProcessor;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.core.env.Environment;

/**
 * Once all singletons exist, checks the table of Baton's fence when Baton did not create it and the
 * application fences (a {@code @Fenced} method, or a bean that takes the fence): a missing table
 * then fails the start, naming it and {@code baton.fence.create-schema}, rather than the first
 * fenced call. An application that does not fence needs no table.
 */
final class FenceTableCheck implements SmartInitializingSingleton {
  static final String FENCE_BEAN = "batonSqlFence";
  private static final String TRANSACTIONAL_FENCE_BEAN = "batonTransactionalFence";
  private static final Logger log = LoggerFactory.getLogger(FenceTableCheck.class);

  private final ConfigurableListableBeanFactory beanFactory;
  private final DataSource dataSource;
  private final Environment environment;
  private final String table;
  private final DatabaseInitializationMode mode;

  FenceTableCheck(
      ConfigurableListableBeanFactory beanFactory,
      DataSource dataSource,
      Environment environment,
      String table,
      DatabaseInitializationMode mode) {
    this.beanFactory = beanFactory;
    this.dataSource = dataSource;
    this.environment = environment;
    this.table = table;
    this.mode = mode;
  }

  @Override
  public void afterSingletonsInstantiated() {
    if (mode == DatabaseInitializationMode.ALWAYS
        || !beanFactory.containsBeanDefinition(FENCE_BEAN)
        || !fences()) {
      return; // created at start-up, the application's own fence, or no fencing
    }
    DatabaseStartup.run(
        environment,
        "check the fence table " + table,
        () -> {
          check();
          return table;
        });
  }

  private void check() {
    try {
      SqlFenceSchema.check(dataSource, table);
    } catch (FenceConfigurationException e) {
      throw new BatonPropertyException(
          "baton.fence.create-schema",
          mode.name().toLowerCase(Locale.ROOT),
          e.getMessage()
              + "; Baton does not create it with this setting on this database: set"
              + " baton.fence.create-schema=always to create it at start-up",
          e);
    }
  }

  /** True if the application fences: a {@code @Fenced} method, or a bean that takes the fence. */
  private boolean fences() {
    FencedPostProcessor fenced =
        beanFactory.getBeanProvider(FencedPostProcessor.class).getIfUnique();
    if (fenced != null && fenced.hasAdvisedBeans()) {
      return true;
    }
    boolean users =
        Stream.concat(
                Stream.of(beanFactory.getBeanNamesForType(SqlFence.class, true, false)),
                Stream.of(beanFactory.getBeanNamesForType(TransactionalFence.class, true, false)))
            .flatMap(name -> Arrays.stream(beanFactory.getDependentBeans(name)))
            .anyMatch(user -> !user.equals(TRANSACTIONAL_FENCE_BEAN));
    if (!users) {
      log.debug("the fence table {} is not checked: the application does not fence", table);
    }
    return users;
  }
}
