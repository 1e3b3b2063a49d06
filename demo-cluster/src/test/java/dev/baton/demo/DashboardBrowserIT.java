// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.demo.web.HeadlessChromium;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * The dashboard of the real demo in headless Chromium: the page loads and shows a leader with its
 * token; after a click on "Kill the leader" it shows another leader with a higher token.
 */
class DashboardBrowserIT {
  @Test
  void killingTheLeaderShowsANewLeaderWithAHigherToken() {
    try (DemoProcess demo = DemoProcess.start("--port", "0", "--session-timeout-ms", "4000");
        HeadlessChromium chromium = HeadlessChromium.start()) {
      WebDriver driver = chromium.driver();
      driver.get(demo.dashboard().toString());
      WebElement leader = driver.findElement(By.id("leader"));
      await()
          .atMost(Duration.ofSeconds(90))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> !leader.getAttribute("data-token-value").isEmpty());
      String firstWorker = leader.getAttribute("data-worker");
      long firstToken = Long.parseLong(leader.getAttribute("data-token-value"));

      driver.findElement(By.cssSelector("button[data-fault='kill-leader']")).click();

      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(200))
          .until(
              () -> {
                String token = leader.getAttribute("data-token-value");
                return !token.isEmpty() && Long.parseLong(token) > firstToken;
              });
      assertThat(leader.getAttribute("data-worker")).isNotEqualTo(firstWorker);
      await()
          .atMost(Duration.ofSeconds(10))
          .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
          .untilAsserted(
              () ->
                  assertThat(driver.findElement(By.id("message")).getText())
                      .contains("killed the leader " + firstWorker));
      // Every partition is owned again, by the survivors (unowned cells have an empty data-owner).
      await()
          .atMost(Duration.ofSeconds(30))
          .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
          .untilAsserted(
              () ->
                  assertThat(
                          driver
                              .findElements(By.cssSelector("#partitions .cell[data-owner]"))
                              .stream()
                              .map(cell -> cell.getAttribute("data-owner"))
                              .toList())
                      .hasSize(12)
                      .doesNotContain("", firstWorker));
      chromium.screenshot(Path.of("target", "screenshots", "demo-after-kill-leader.png"));
      assertThat(chromium.severeLogs()).isEmpty();
    }
  }
}
