// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

/**
 * Follows ZooKeeper's framing across arbitrary chunks of one direction of a connection: every frame
 * is a 4-byte big-endian length followed by that many bytes; the first frame is the ConnectRequest
 * (or, from the server, the ConnectResponse), every later one starts with the xid: the request
 * header is {@code int xid, int type}, the reply header {@code int xid, long zxid, int err}, and a
 * reply carries the xid of its request. Used by {@link TcpProxy} to find where a request of a given
 * type ends ({@link #feed}) and where the server's answer to it ends ({@link #feedUntilXid}).
 *
 * <p>Not thread-safe: one parser per connection, fed by that connection's reader only.
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
   * Consumes {@code buffer[from, to)} up to the end of the first request of type {@code opcode}
   * that ends in that range; its xid is then {@link #matchedXid()}.
   *
   * @return the index just past the end of that request (only the bytes before it were consumed;
   *     feed the rest again), or {@code -1} if no such request ended in the range (all of it was
   *     consumed)
   */
  int feed(byte[] buffer, int from, int to, int opcode) {
    return scan(buffer, from, to, opcode, false);
  }

  /**
   * Consumes {@code buffer[from, to)} up to the end of the first frame whose xid is {@code wanted},
   * never the connection's first frame (on the server's side: the answer to the request of that
   * xid); its xid is then {@link #matchedXid()}.
   *
   * @return as for {@link #feed}
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
