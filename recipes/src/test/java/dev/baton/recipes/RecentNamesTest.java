// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The dead-entry memory of a candidate and of its grant; the simulation's models use the same
 * class, so its eviction is checked here on its own.
 */
class RecentNamesTest {
  @Test
  void keepsTheLastNamesAddedAndForgetsTheEldestFirst() {
    RecentNames names = new RecentNames(2);
    assertThat(names).isEmpty();
    assertThat(names.contains("a")).isFalse();
    names.add("a");
    names.add("b");
    names.add("a"); // added again: not refreshed, so still the eldest
    names.add("c");
    assertThat(names).containsExactly("b", "c");
    assertThat(names.contains("a")).isFalse();
    assertThat(names).hasToString("[b, c]");
  }
}
