// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

/**
 * Follows ZooKeeper's framing across chunks of one direction of a connection (4-byte length, then
 * the frame; after the connect frame each starts with its xid, a reply carries its request's xid),
 * for {@link TcpProxy}. Not thread-safe: one per connection direction.
 */
final class FrameParser {
  /** An opcode or xid that matches no frame, to only keep track of the framing. */
  static final int NONE = Integer.MIN_VALUE;

  private boolean connectRequest = true;
  private int lengthBytes;
  private int length;
  private int bodyRead;
  private int xid;
  private int type;
  private int matchedXid = NONE;
  private long frames;

  /**
   * Consumes {@code buffer[from, to)} up to the end of the first request of type {@code opcode}.
   *
   * @return the index just past it, or {@code -1} if none ended in the range (all consumed)
   */
  int feed(byte[] buffer, int from, int to, int opcode) {
    return scan(buffer, from, to, opcode, false);
  }

  /**
   * Consumes {@code buffer[from, to)} up to the end of the first later frame whose xid is {@code
   * wanted}; returns as {@link #feed}.
   */
  int feedUntilXid(byte[] buffer, int from, int to, int wanted) {
    return scan(buffer, from, to, wanted, true);
  }

  private int scan(byte[] buffer, int from, int to, int wanted, boolean byXid) {
    for (int i = from; i < to; i++) {
      int b = buffer[i] & 0xff;
      if (lengthBytes < 4) {
        length = (length << 8) | b;
        lengthBytes++;
        if (lengthBytes == 4 && length <= 0) {
          endFrame(); // an empty (or nonsensical) frame: nothing to look into
        }
        continue;
      }
      if (bodyRead < 4) {
        xid = (xid << 8) | b;
      } else if (bodyRead < 8) {
        type = (type << 8) | b;
      }
      bodyRead++;
      if (bodyRead == length) {
        boolean match =
            wanted != NONE
                && !connectRequest
                && length >= 8
                && (byXid ? xid == wanted : type == wanted);
        if (match) {
          matchedXid = xid;
        }
        endFrame();
        if (match) {
          return i + 1;
        }
      }
    }
    return -1;
  }

  /** The xid of the last frame {@link #feed} or {@link #feedUntilXid} stopped after. */
  int matchedXid() {
    return matchedXid;
  }

  /** Frames seen whole so far, the ConnectRequest included. */
  long frames() {
    return frames;
  }

  private void endFrame() {
    connectRequest = false;
    frames++;
    lengthBytes = 0;
    length = 0;
    bodyRead = 0;
    xid = 0;
    type = 0;
  }
}
