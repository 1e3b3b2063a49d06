// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

/**
 * A record read from ZooKeeper (member, assignment, ownership or partition set) is malformed: bad
 * header, version, size or field. Baton logs and counts it and keeps its last good state.
 */
public class MalformedRecordException extends RuntimeException {
  private final String path;

  public MalformedRecordException(String path, String message) {
    super("malformed record at " + path + ": " + message);
    this.path = path;
  }

  /** The znode the record was read from, or a description when not read from a znode. */
  public String path() {
    return path;
  }
}
