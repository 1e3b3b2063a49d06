// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The page in headless Chromium against {@link FakeBackend}: rendering, polling and fault buttons.
 */
class DashboardBrowserTest {
  private static final Duration WAIT = Duration.ofSeconds(10);

  private final FakeBackend backend = new FakeBackend();
  private Dashboard dashboard;
  private HeadlessChromium chromium;
  private WebDriver driver;

  @BeforeEach
  void start() {
    dashboard =
        Dashboard.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), backend);
    chromium = HeadlessChromium.start();
    driver = chromium.driver();
    driver.get(dashboard.uri().toString());
  }

  @AfterEach
  void stop() {
    try {
      chromium.close();
    } finally {
      dashboard.close();
    }
  }

  @Test
  void showsTheStateAndAKilledLeadersSuccessor() {
    await()
        .atMost(WAIT)
        .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
        .untilAsserted(
            () -> {
              assertThat(leader().getAttribute("data-worker")).isEqualTo("w1");
              assertThat(leader().getAttribute("data-token-value")).isEqualTo("5");
            });
    // The page re-renders every poll: read each element right after finding it, and retry a read
    // that raced with a re-render.
    await()
        .atMost(WAIT)
        .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
        .untilAsserted(
            () -> {
              assertThat(leader().getText()).contains("w1", "ft:5@/baton-demo/scheduler");
              assertThat(driver.findElement(By.id("jobs-created")).getAttribute("data-value"))
                  .isEqualTo("57");
              assertThat(driver.findElements(By.cssSelector("#servers li"))).hasSize(3);
              assertThat(driver.findElements(By.cssSelector("#workers tbody tr[data-worker]")))
                  .hasSize(3);
              List<WebElement> cells =
                  driver.findElements(By.cssSelector("#partitions [data-partition]"));
              assertThat(cells).hasSize(12);
              assertThat(cells.get(3).getAttribute("data-owner")).isEqualTo("w1");
              assertThat(cells.get(3).getAttribute("data-token-value")).isEqualTo("103");
              assertThat(driver.findElement(By.id("rejected")).getAttribute("data-total"))
                  .isEqualTo("1");
              assertThat(driver.findElements(By.cssSelector("#rejected li"))).hasSize(1);
              assertThat(driver.findElements(By.cssSelector("#timeline rect.term-bar"))).hasSize(2);
              assertThat(driver.findElements(By.cssSelector("#timeline .reject-mark"))).hasSize(1);
              assertThat(driver.findElements(By.cssSelector("#timeline .assign-tick"))).hasSize(12);
              assertThat(driver.findElements(By.cssSelector("button[data-fault]"))).hasSize(8);
            });

    driver.findElement(By.cssSelector("button[data-fault='kill-leader']")).click();

    await()
        .atMost(WAIT)
        .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
        .untilAsserted(
            () -> {
              assertThat(leader().getAttribute("data-worker")).isEqualTo("w2");
              assertThat(Long.parseLong(leader().getAttribute("data-token-value")))
                  .isGreaterThan(5);
            });
    // The state may show the new leader before the POST's answer reached the message area.
    await()
        .atMost(WAIT)
        .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
        .untilAsserted(
            () -> {
              WebElement message = driver.findElement(By.id("message"));
              assertThat(message.getAttribute("data-ok")).isEqualTo("true");
              assertThat(message.getText()).contains("killed w1 (pid 101)");
            });
    assertThat(backend.injections)
        .containsExactly(new FakeBackend.Injection("kill-leader", Map.of()));
    await()
        .atMost(WAIT)
        .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
        .untilAsserted(
            () -> {
              assertThat(driver.findElement(By.id("rejected")).getAttribute("data-total"))
                  .isEqualTo("2");
              assertThat(driver.findElements(By.cssSelector("#rejected li"))).hasSize(2);
              assertThat(driver.findElements(By.cssSelector("#timeline rect.term-bar"))).hasSize(3);
              assertThat(driver.findElements(By.cssSelector("#timeline .fault-marker"))).hasSize(2);
              assertThat(driver.findElements(By.cssSelector("#partitions [data-owner='w1']")))
                  .isEmpty();
              assertThat(
                      driver
                          .findElement(By.cssSelector("#workers tr[data-worker='w1']"))
                          .getAttribute("data-state"))
                  .isEqualTo("killed");
            });
    await()
        .atMost(WAIT)
        .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
        .untilAsserted(
            () ->
                assertThat(driver.findElement(By.cssSelector("#rejected li")).getText())
                    .contains("w1", "stale token 5", "current 9"));
    chromium.screenshot(Path.of("target", "screenshots", "dashboard.png"));
    assertThat(chromium.severeLogs()).isEmpty();
  }

  @Test
  void faultButtonsSendTheirParametersAndShowErrors() {
    await()
        .atMost(WAIT)
        .until(
            () ->
                !driver
                    .findElements(
                        By.cssSelector("#faults select[data-param='worker'] option[value='w3']"))
                    .isEmpty());

    WebElement pause = driver.findElement(By.cssSelector(".fault[data-kind='pause-leader']"));
    WebElement seconds = pause.findElement(By.cssSelector("input[data-param='seconds']"));
    assertThat(seconds.getAttribute("value")).isEqualTo("10");
    seconds.clear();
    seconds.sendKeys("3");
    pause.findElement(By.cssSelector("button[data-fault]")).click();
    await().atMost(WAIT).until(() -> backend.injections.size() == 1);
    assertThat(backend.injections.get(0))
        .isEqualTo(new FakeBackend.Injection("pause-leader", Map.of("seconds", "3")));

    WebElement cut = driver.findElement(By.cssSelector(".fault[data-kind='cut-worker']"));
    new Select(cut.findElement(By.cssSelector("select[data-param='worker']"))).selectByValue("w3");
    cut.findElement(By.cssSelector("button[data-fault]")).click();
    await().atMost(WAIT).until(() -> backend.injections.size() == 2);
    assertThat(backend.injections.get(1))
        .isEqualTo(
            new FakeBackend.Injection("cut-worker", Map.of("worker", "w3", "seconds", "10")));

    new Select(driver.findElement(By.cssSelector(".fault[data-kind='kill-zk'] select")))
        .selectByValue("3"); // the server's id, zk3
    driver.findElement(By.cssSelector("button[data-fault='kill-zk']")).click();
    await().atMost(WAIT).until(() -> backend.injections.size() == 3);
    assertThat(backend.injections.get(2))
        .isEqualTo(new FakeBackend.Injection("kill-zk", Map.of("server", "3")));

    // The workers' table is re-rendered every poll: retry a click that raced with a re-render.
    await()
        .atMost(WAIT)
        .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
        .until(
            () -> {
              driver
                  .findElement(
                      By.cssSelector(
                          "#workers button[data-worker-fault='expire-session'][data-worker='w2']"))
                  .click();
              return true;
            });
    await().atMost(WAIT).until(() -> backend.injections.size() == 4);
    assertThat(backend.injections.get(3))
        .isEqualTo(new FakeBackend.Injection("expire-session", Map.of("worker", "w2")));

    backend.failNext(new IllegalStateException("no ZooKeeper server is down"));
    driver.findElement(By.cssSelector("button[data-fault='restart-zk']")).click();
    WebElement message = driver.findElement(By.id("message"));
    await()
        .atMost(WAIT)
        .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
        .untilAsserted(
            () -> {
              assertThat(message.getAttribute("data-ok")).isEqualTo("false");
              assertThat(message.getText()).contains("no ZooKeeper server is down");
            });
    // The browser logs the deliberate 409 as a failed load (which shows the log is captured);
    // nothing else may be severe.
    assertThat(chromium.severeLogs())
        .isNotEmpty()
        .allMatch(entry -> entry.contains("status of 409"));
  }

  private WebElement leader() {
    return driver.findElement(By.id("leader"));
  }
}
