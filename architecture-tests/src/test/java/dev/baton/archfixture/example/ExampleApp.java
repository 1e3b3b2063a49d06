// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.example;

import dev.baton.archfixture.spring.SpringApi;

/** Respects every rule: an example on the Spring integration. */
public final class ExampleApp {
  private ExampleApp() {}

  /** Uses the integration. */
  public static Object run() {
    return SpringApi.bean();
  }
}

/** Breaks "the Spring integration and the examples use public API only". */
class UsesSupport {
  Object use() {
    return dev.baton.archfixture.internal.SharedHelper.class;
  }
}
