// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.recipes.spi.Validation;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.curator.utils.PathUtils;
import org.junit.jupiter.api.Test;

/**
 * {@link Validation#path} accepts exactly the paths Curator accepts and names the problem in
 * Curator's words, after the kind of path.
 */
class ZooKeeperPathParityTest {
  @Property(tries = 5000)
  void acceptsAndRejectsExactlyLikeCurator(@ForAll("paths") String path) {
    String curatorProblem;
    try {
      PathUtils.validatePath(path);
      curatorProblem = null;
    } catch (IllegalArgumentException e) {
      curatorProblem = e.getMessage();
    }
    if (curatorProblem == null) {
      assertThat(Validation.path("test", path)).isEqualTo(path);
    } else {
      assertThatThrownBy(() -> Validation.path("test", path))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("invalid test path '" + path + "': " + curatorProblem);
    }
  }

  @Test
  void theRootAndNullAreRejectedBeforeCuratorsRules() {
    assertThatThrownBy(() -> Validation.path("election", "/"))
        .hasMessage("the election path cannot be the root '/'");
    assertThatThrownBy(() -> Validation.path("election", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("path");
  }

  @Provide
  Arbitrary<String> paths() {
    // '/' and '.' for the structure, and both sides of every boundary of Curator's character ranges
    char[] chars = {
      '/', '/', '/', '.', '.', 'a', 'b', '\u0000', '\u0001', '\u001e', '\u001f', ' ', '\u007f',
      '\u0080', '\u009e', '\u009f', '\u00a0', '\ud7ff', '\ud800', '\ud801', '\uf8fe', '\uf8ff',
      '\uf900', '\ufff0', '\ufff1', '\ufffe', '\uffff'
    };
    Arbitrary<String> tail = Arbitraries.strings().withChars(chars).ofMaxLength(12);
    return Arbitraries.oneOf(tail, tail.map(s -> "/" + s), tail.map(s -> "/a/" + s))
        .filter(s -> !s.equals("/"));
  }
}
