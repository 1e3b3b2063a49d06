// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** {@link FrameParser} on hand-made streams. */
class FrameParserTest {
  /** A frame: length, then xid and type, then {@code body} filler bytes. */
  private static byte[] frame(int xid, int type, int body) {
    ByteBuffer b = ByteBuffer.allocate(4 + 8 + body);
    b.putInt(8 + body).putInt(xid).putInt(type);
    return b.array();
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  @Test
  void findsTheEndOfTheFirstMatchingRequestButNeverTheConnectRequest() {
    byte[] connect = frame(0, ZkOpCodes.CREATE2, 30); // looks like a create2, but comes first
    byte[] exists = frame(1, ZkOpCodes.EXISTS, 10);
    byte[] create = frame(2, ZkOpCodes.CREATE2, 20);
    byte[] stream = concat(connect, exists, create, frame(3, ZkOpCodes.CREATE2, 5));

    FrameParser parser = new FrameParser();
    int end = parser.feed(stream, 0, stream.length, ZkOpCodes.CREATE2);
    assertThat(end).isEqualTo(connect.length + exists.length + create.length);
    assertThat(parser.frames()).isEqualTo(3);
    assertThat(parser.feed(stream, end, stream.length, ZkOpCodes.CREATE2)).isEqualTo(stream.length);
  }

  @Test
  void followsFramesSplitAcrossSingleByteChunks() {
    byte[] stream =
        concat(
            frame(0, 0, 40),
            frame(1, ZkOpCodes.GET_DATA, 3),
            frame(2, ZkOpCodes.DELETE, 7),
            frame(3, ZkOpCodes.DELETE, 7));
    int deleteEnd = stream.length - frame(3, ZkOpCodes.DELETE, 7).length;

    FrameParser parser = new FrameParser();
    int found = -1;
    for (int i = 0; i < stream.length && found < 0; i++) {
      found = parser.feed(stream, i, i + 1, ZkOpCodes.DELETE);
    }
    assertThat(found).isEqualTo(deleteEnd);
  }

  @Test
  void onlyKeepsTrackWhenNothingIsArmed() {
    byte[] stream = concat(frame(0, 0, 12), frame(1, ZkOpCodes.CREATE, 4), frame(-2, 11, 0));
    FrameParser parser = new FrameParser();
    assertThat(parser.feed(stream, 0, stream.length, FrameParser.NONE)).isEqualTo(-1);
    assertThat(parser.frames()).isEqualTo(3);
  }

  /** A reply: length, then xid, zxid and err, then {@code body} filler bytes. */
  private static byte[] reply(int xid, int body) {
    ByteBuffer b = ByteBuffer.allocate(4 + 16 + body);
    b.putInt(16 + body).putInt(xid).putLong(99).putInt(0);
    return b.array();
  }

  @Test
  void findsTheEndOfTheAnswerToOneRequestButNeverTheConnectResponse() {
    byte[] connect = reply(7, 20); // its first int happens to be 7: still not an answer
    byte[] watchEvent = reply(-1, 30);
    byte[] answer = reply(7, 12);
    byte[] stream = concat(connect, watchEvent, reply(6, 3), answer, reply(8, 0));

    FrameParser parser = new FrameParser();
    int found = -1;
    for (int i = 0; i < stream.length && found < 0; i++) {
      found = parser.feedUntilXid(stream, i, i + 1, 7);
    }
    assertThat(found).isEqualTo(stream.length - reply(8, 0).length);
    assertThat(parser.matchedXid()).isEqualTo(7);
  }

  @Test
  void remembersTheXidOfTheRequestItStoppedAfter() {
    byte[] stream = concat(frame(0, 0, 12), frame(41, ZkOpCodes.GET_DATA, 4), frame(42, 14, 9));
    FrameParser parser = new FrameParser();
    assertThat(parser.feed(stream, 0, stream.length, 14)).isEqualTo(stream.length);
    assertThat(parser.matchedXid()).isEqualTo(42);
  }
}
