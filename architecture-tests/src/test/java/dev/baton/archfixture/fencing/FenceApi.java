// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.fencing;

/** Public API of the fixture fencing module. */
public class FenceApi {
  public static int token() {
    return 1;
  }
}

/** Breaks "fencing depends on no other module". */
class UsesRecipes {
  int use() {
    return dev.baton.archfixture.recipes.RecipeApi.lead();
  }
}

/** Breaks "library code uses no JUnit". */
class UsesJUnit {
  void use() {
    org.junit.jupiter.api.Assertions.assertTrue(true);
  }
}
