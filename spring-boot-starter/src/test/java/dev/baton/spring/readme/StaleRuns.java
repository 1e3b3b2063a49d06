// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.readme;

// README:begin
import dev.baton.fencing.StaleTokenException;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.task.ThreadPoolTaskSchedulerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.support.TaskUtils;

@Configuration
public class StaleRuns {
  private static final Logger log = LoggerFactory.getLogger(StaleRuns.class);

  @Bean
  ThreadPoolTaskSchedulerCustomizer staleRunsCounted(MeterRegistry meters) {
    return scheduler -> scheduler.setErrorHandler(e -> {
      if (e instanceof StaleTokenException stale) {
        meters.counter("billing.stale.runs").increment();
        log.warn("a newer leader has written; this run was rolled back: {}", stale.getMessage());
      } else {
        TaskUtils.LOG_AND_SUPPRESS_ERROR_HANDLER.handleError(e);
      }
    });
  }
}
// README:end
