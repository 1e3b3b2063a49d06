// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import java.time.Clock;
import org.apache.curator.drivers.TracerDriver;
import org.apache.curator.utils.ZookeeperFactory;

/**
 * What a benchmark hooks into a candidate's client: a tracer driver (request counting), and for
 * deep tracing a ZooKeeper factory of instrumented handles and the clock of Baton's election. Any
 * of them may be null.
 */
public record Tracing(TracerDriver driver, ZookeeperFactory factory, Clock clock) {
  /** No hooks. */
  public static final Tracing NONE = new Tracing(null, null, null);

  /** Only a tracer driver. */
  public static Tracing driver(TracerDriver driver) {
    return new Tracing(driver, null, null);
  }
}
