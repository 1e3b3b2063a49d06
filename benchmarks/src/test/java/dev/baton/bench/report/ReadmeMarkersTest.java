// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReadmeMarkersTest {
  private static final String README =
      "# Title\n\nText.\n\n<!-- results:a -->\nold table\n<!-- /results -->\n\nMiddle.\n"
          + "<!-- results:b -->\n<!-- /results -->\nEnd.\n";
  private static final Map<String, String> BLOCKS = Map.of("a", "| x |\n", "b", "line 1\nline 2\n");

  @Test
  void rewritingReplacesOnlyWhatIsBetweenTheMarkers() {
    assertThat(ReadmeMarkers.rewrite(README, BLOCKS))
        .isEqualTo(
            "# Title\n\nText.\n\n<!-- results:a -->\n| x |\n<!-- /results -->\n\nMiddle.\n"
                + "<!-- results:b -->\nline 1\nline 2\n<!-- /results -->\nEnd.\n");
  }

  @Test
  void rewritingIsIdempotent() {
    String once = ReadmeMarkers.rewrite(README, BLOCKS);
    assertThat(ReadmeMarkers.rewrite(once, BLOCKS)).isEqualTo(once);
    assertThat(ReadmeMarkers.stale(once, BLOCKS)).isEmpty();
  }

  @Test
  void theRegionsThatDifferAreReported() {
    assertThat(ReadmeMarkers.stale(README, BLOCKS))
        .extracting(ReadmeMarkers.Region::id)
        .containsExactly("a", "b");
    String once = ReadmeMarkers.rewrite(README, BLOCKS);
    assertThat(ReadmeMarkers.stale(once.replace("line 2", "line 3"), BLOCKS))
        .singleElement()
        .satisfies(r -> assertThat(r.id()).isEqualTo("b"));
  }

  @Test
  void anUnknownTableIsAnError() {
    assertThatThrownBy(
            () -> ReadmeMarkers.rewrite("x\n<!-- results:c -->\n<!-- /results -->\n", BLOCKS))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessageStartingWith("README line 2: unknown table 'c'");
  }

  @Test
  void anUnterminatedRegionIsAnError() {
    assertThatThrownBy(() -> ReadmeMarkers.regions("<!-- results:a -->\n| x |\n", Set.of("a")))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessage("README line 1: table 'a' has no <!-- /results -->");
    assertThatThrownBy(
            () ->
                ReadmeMarkers.regions(
                    "<!-- results:a -->\n<!-- results:b -->\n<!-- /results -->\n",
                    Set.of("a", "b")))
        .hasMessageStartingWith("README line 2: table 'b' starts inside 'a' (line 1)");
  }

  @Test
  void anEndWithoutAStartATableTwiceAndAMalformedMarkerAreErrors() {
    assertThatThrownBy(() -> ReadmeMarkers.regions("x\n<!-- /results -->\n", Set.of("a")))
        .hasMessage("README line 2: <!-- /results --> without a start marker");
    String twice = "<!-- results:a -->\n<!-- /results -->\n";
    assertThatThrownBy(() -> ReadmeMarkers.regions(twice + twice, Set.of("a")))
        .hasMessage("README line 3: table 'a' a second time");
    assertThatThrownBy(() -> ReadmeMarkers.regions("<!-- results: a -->\n", Set.of("a")))
        .hasMessageStartingWith("README line 1: malformed marker '<!-- results: a -->'");
  }
}
