// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the complete lines a child appends to its output file, each once. Not thread-safe. */
final class OutputTail {
  private static final int MAX_LINE = 64 * 1024;

  private final Path file;
  private long position;
  private final StringBuilder partial = new StringBuilder();

  OutputTail(Path file) {
    this.file = file;
  }

  /** The new complete lines, possibly none. */
  List<String> poll() throws IOException {
    List<String> lines = new ArrayList<>();
    if (!Files.exists(file)) {
      return lines;
    }
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long length = in.length();
      if (length <= position) {
        return lines;
      }
      in.seek(position);
      byte[] bytes = new byte[(int) Math.min(length - position, 1 << 20)];
      in.readFully(bytes);
      position += bytes.length;
      partial.append(new String(bytes, StandardCharsets.UTF_8));
    }
    int start = 0;
    for (int i = 0; i < partial.length(); i++) {
      if (partial.charAt(i) == '\n') {
        lines.add(partial.substring(start, i));
        start = i + 1;
      }
    }
    partial.delete(0, start);
    if (partial.length() > MAX_LINE) { // a runaway line without a break: dropped, not grown
      partial.setLength(0);
    }
    return lines;
  }
}
