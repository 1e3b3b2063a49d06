// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProtocolParsingTest {
  @Test
  void wchcAnswersGroupPathsBySession() {
    Map<Long, Set<String>> watches = new HashMap<>();
    ElectionProbe.parseWchc(
        "0x1000abc\n\t/e/_c_1-latch-0000000000\n\t/e\n0x200\n\t/other\n\n", watches);
    ElectionProbe.parseWchc("0x1000abc\n\t/more\n", watches);
    assertThat(watches)
        .containsOnlyKeys(0x1000abcL, 0x200L)
        .containsEntry(0x1000abcL, Set.of("/e/_c_1-latch-0000000000", "/e", "/more"))
        .containsEntry(0x200L, Set.of("/other"));
  }

  @Test
  void consAnswersTellWhichServerASessionIsOn() {
    String cons =
        " /127.0.0.1:40312[1](queued=0,recved=12,sent=12,sid=0x100009a3b2c0001,lop=PING,est=1,to=2000)\n"
            + " /127.0.0.1:40320[0](queued=0,recved=1,sent=0)\n";
    assertThat(ElectionProbe.hasSession(cons, 0x100009a3b2c0001L)).isTrue();
    assertThat(ElectionProbe.hasSession(cons, 0x100009a3b2c0002L)).isFalse();
    assertThat(ElectionProbe.hasSession(cons, 0x100009a3b2c000L)).isFalse();
  }

  @Test
  void confAnswersGiveTheTick() {
    assertThat(
            Servers.parseConf(
                "clientPort=2181\ntickTime=1000\nminSessionTimeout=2000\nmaxSessionTimeout=20000\n"))
        .containsEntry("tickTime", "1000")
        .containsEntry("minSessionTimeout", "2000")
        .containsEntry("maxSessionTimeout", "20000");
  }
}
