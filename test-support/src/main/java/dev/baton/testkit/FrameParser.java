package dev.baton.testkit;

/**
 * Follows ZooKeeper's client-to-server framing (a 4-byte big-endian length, then the frame; the first
 * frame is the ConnectRequest, every later one starts with the request header {@code int xid, int
 * type}) across arbitrary chunks, to find where a request of a given type ends.
 */
final class FrameParser {
  private boolean first = true;
  private int lengthBytes;
  private int length;
  private int bodyRead;
  private int type;
  private boolean fired;

  /**
   * Consumes {@code n} bytes. If a whole request of type {@code opcode} ends inside them, returns the
   * count of bytes up to and including its end (and {@link #fired()} becomes true); otherwise
   * returns {@code n}. Pass {@code -1} to only keep track.
   */
  int feed(byte[] buffer, int n, int opcode) {
    fired = false;
    for (int i = 0; i < n; i++) {
      int b = buffer[i] & 0xff;
      if (lengthBytes < 4) {
        length = (length << 8) | b;
        lengthBytes++;
        if (lengthBytes == 4 && length == 0) {
          endFrame();
        }
        continue;
      }
      if (bodyRead >= 4 && bodyRead < 8) {
        type = (type << 8) | b;
      }
      bodyRead++;
      if (bodyRead == length) {
        boolean match = !first && opcode >= 0 && type == opcode;
        endFrame();
        if (match) {
          fired = true;
          return i + 1;
        }
      }
    }
    return n;
  }

  boolean fired() {
    return fired;
  }

  private void endFrame() {
    first = false;
    lengthBytes = 0;
    length = 0;
    bodyRead = 0;
    type = 0;
  }
}
