// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * Adds what the example does to {@code /actuator/info}: the orders partitions this instance
 * consumes and the latest billing runs (every instance reads the same table: the runs' tokens only
 * rise, whichever instance led).
 */
@Component
public class ExampleInfo implements InfoContributor {
  private final OrdersConsumer orders;
  private final BillingRuns billing;

  ExampleInfo(OrdersConsumer orders, BillingRuns billing) {
    this.orders = orders;
    this.billing = billing;
  }

  @Override
  public void contribute(Info.Builder builder) {
    builder.withDetail("ordersConsumed", orders.owned());
    builder.withDetail("latestBillingRuns", billing.latest(5));
  }
}
