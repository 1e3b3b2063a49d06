// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The generated regions of a markdown file: each from a line {@code <!-- results:ID -->} to the
 * next line {@code <!-- /results -->}, both on lines of their own.
 */
public final class ReadmeMarkers {
  private static final Pattern START = Pattern.compile("<!-- results:([a-z0-9-]+) -->");
  private static final String END = "<!-- /results -->";

  /**
   * One region.
   *
   * @param id the table's id
   * @param startLine the index of the start marker's line (0-based)
   * @param endLine the index of the end marker's line
   * @param content the text between the markers, each line ending with a newline
   */
  public record Region(String id, int startLine, int endLine, String content) {}

  private ReadmeMarkers() {}

  /**
   * Finds the regions.
   *
   * @param text the markdown
   * @param known the table ids that exist
   * @return the regions, in order
   * @throws ResultsFormatException for an unknown id, a table twice, a start inside a region, an
   *     end without a start, a region without an end, or a marker line of another form
   */
  public static List<Region> regions(String text, Set<String> known) {
    String[] lines = text.split("\n", -1);
    List<Region> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    String open = null;
    int openLine = -1;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      Matcher start = START.matcher(line);
      String where = "README line " + (i + 1) + ": ";
      if (start.matches()) {
        String id = start.group(1);
        if (open != null) {
          throw new ResultsFormatException(
              where
                  + "table '"
                  + id
                  + "' starts inside '"
                  + open
                  + "' (line "
                  + (openLine + 1)
                  + "), which has no "
                  + END);
        }
        if (!known.contains(id)) {
          throw new ResultsFormatException(
              where
                  + "unknown table '"
                  + id
                  + "'; the tables are "
                  + known
                  + " (dev.baton.bench.report.Tables)");
        }
        if (!seen.add(id)) {
          throw new ResultsFormatException(where + "table '" + id + "' a second time");
        }
        open = id;
        openLine = i;
      } else if (line.equals(END)) {
        if (open == null) {
          throw new ResultsFormatException(where + END + " without a start marker");
        }
        out.add(new Region(open, openLine, i, between(lines, openLine, i)));
        open = null;
      } else if (line.contains("<!-- results") || line.contains("<!-- /results")) {
        throw new ResultsFormatException(
            where
                + "malformed marker '"
                + line
                + "' (expected <!-- results:ID --> or "
                + END
                + " on a line of its own)");
      }
    }
    if (open != null) {
      throw new ResultsFormatException(
          "README line " + (openLine + 1) + ": table '" + open + "' has no " + END);
    }
    return out;
  }

  /**
   * Replaces every region's content with its table's text.
   *
   * @param text the markdown
   * @param blocks table id to its text (each ending with a newline)
   * @return the markdown with every region rewritten; the same text again when nothing changed
   * @throws ResultsFormatException as {@link #regions(String, Set)}
   */
  public static String rewrite(String text, Map<String, String> blocks) {
    String[] lines = text.split("\n", -1);
    StringBuilder out = new StringBuilder();
    int next = 0;
    for (Region region : regions(text, blocks.keySet())) {
      append(out, lines, next, region.startLine() + 1);
      out.append(blocks.get(region.id()));
      next = region.endLine();
    }
    append(out, lines, next, lines.length);
    out.setLength(out.length() - 1); // the newline after the last line, which split did not have
    return out.toString();
  }

  /**
   * The regions whose content differs from their table's text.
   *
   * @param text the markdown
   * @param blocks table id to its text
   * @return the differing regions, in order
   * @throws ResultsFormatException as {@link #regions(String, Set)}
   */
  public static List<Region> stale(String text, Map<String, String> blocks) {
    return regions(text, blocks.keySet()).stream()
        .filter(r -> !r.content().equals(blocks.get(r.id())))
        .toList();
  }

  private static String between(String[] lines, int start, int end) {
    StringBuilder out = new StringBuilder();
    append(out, lines, start + 1, end);
    return out.toString();
  }

  private static void append(StringBuilder out, String[] lines, int from, int to) {
    for (int i = from; i < to; i++) {
      out.append(lines[i]).append('\n');
    }
  }
}
