// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * One instance of the example service: a leader-only, fenced billing job ({@link BillingJob}) and a
 * consumer of the partitions this instance owns ({@link OrdersConsumer}). Everything Baton does
 * here comes from the starter and {@code application.properties}.
 */
@SpringBootApplication
@EnableScheduling
public class SchedulerApplication {
  /** Starts one instance with Spring Boot's command-line arguments. */
  public static ConfigurableApplicationContext run(String... args) {
    return SpringApplication.run(SchedulerApplication.class, args);
  }
}
