// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

/**
 * Follows ZooKeeper's client-to-server framing across arbitrary chunks of one connection: every
 * frame is a 4-byte big-endian length followed by that many bytes; the first frame of a connection
 * is the ConnectRequest, every later one starts with the request header {@code int xid, int type}.
 * Used by {@link TcpProxy} to find where a request of a given type ends.
 *
 * <p>Not thread-safe: one parser per connection, fed by that connection's reader only.
 */
final class FrameParser {
  /** An opcode that matches no request, to only keep track of the framing. */
  static final int NONE = Integer.MIN_VALUE;

  private boolean connectRequest = true;
  private int lengthBytes;
  private int length;
  private int bodyRead;
  private int type;
  private long frames;

  /**
   * Consumes {@code buffer[from, to)} up to the end of the first request of type {@code opcode}
   * that ends in that range.
   *
   * @return the index just past the end of that request (only the bytes before it were consumed;
   *     feed the rest again), or {@code -1} if no such request ended in the range (all of it was
   *     consumed)
   */
  int feed(byte[] buffer, int from, int to, int opcode) {
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
      if (bodyRead >= 4 && bodyRead < 8) {
        type = (type << 8) | b;
      }
      bodyRead++;
      if (bodyRead == length) {
        boolean match = !connectRequest && length >= 8 && type == opcode;
        endFrame();
        if (match) {
          return i + 1;
        }
      }
    }
    return -1;
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
    type = 0;
  }
}
