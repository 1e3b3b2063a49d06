// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.spring;

import dev.baton.archfixture.recipes.RecipeApi;

/** Respects every rule: the Spring integration on the recipes' public API. */
public final class SpringApi {
  private SpringApi() {}

  /** Uses the public API. */
  public static Object bean() {
    return RecipeApi.class;
  }
}

/** Breaks "the Spring integration and the examples use public API only". */
class UsesSpi {
  int use() {
    return dev.baton.archfixture.recipes.spi.SpiPart.loop();
  }
}
