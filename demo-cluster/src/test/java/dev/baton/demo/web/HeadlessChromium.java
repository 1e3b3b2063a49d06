// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Debian's Chromium, headless, driven by Selenium: for browser tests of the dashboard.
 *
 * <pre>{@code
 * try (HeadlessChromium chromium = HeadlessChromium.start()) {
 *   WebDriver driver = chromium.driver();
 *   driver.get(dashboard.uri().toString());
 *   ...
 *   assertThat(chromium.severeLogs()).isEmpty();
 * }
 * }</pre>
 *
 * <p>It needs {@code /usr/bin/chromium} and {@code /usr/bin/chromedriver} (Debian packages {@code
 * chromium} and {@code chromium-driver}) and fails, rather than skips, without them. Each browser
 * gets a fresh profile directory, deleted on {@link #close()}, and flags that stop Chromium's
 * background connections (a closed network refuses them). The window is 1400 x 1100.
 */
public final class HeadlessChromium implements AutoCloseable {
  /** The browser binary. */
  public static final File CHROMIUM = new File("/usr/bin/chromium");

  /** The matching ChromeDriver binary. */
  public static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");

  private final WebDriver driver;
  private final Path profile;

  private HeadlessChromium(WebDriver driver, Path profile) {
    this.driver = driver;
    this.profile = profile;
  }

  /**
   * Starts a headless browser with its own ChromeDriver.
   *
   * @throws IllegalStateException if Chromium or ChromeDriver is not installed
   */
  public static HeadlessChromium start() {
    for (File binary : List.of(CHROMIUM, CHROMEDRIVER)) {
      if (!binary.canExecute()) {
        throw new IllegalStateException(
            binary
                + " is missing: browser tests need Debian's Chromium "
                + "and its driver (apt-get install chromium chromium-driver)");
      }
    }
    Path profile;
    try {
      profile = Files.createTempDirectory("baton-chromium-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM);
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--user-data-dir=" + profile,
        "--window-size=1400,1100");
    options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER)
            .usingAnyFreePort()
            .build();
    try {
      return new HeadlessChromium(new ChromeDriver(service, options), profile);
    } catch (RuntimeException e) {
      service.stop();
      deleteQuietly(profile);
      throw e;
    }
  }

  /** The browser. */
  public WebDriver driver() {
    return driver;
  }

  /**
   * The browser console's SEVERE entries (JavaScript errors, failed loads) since the last call, as
   * text.
   */
  public List<String> severeLogs() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
        .map(LogEntry::toString)
        .collect(Collectors.toList());
  }

  /**
   * Saves a PNG of the whole page (the window grows to the page's height for the shot) to {@code
   * file}, creating its directory, and returns it.
   */
  public Path screenshot(Path file) {
    Dimension window = driver.manage().window().getSize();
    Object height =
        ((JavascriptExecutor) driver)
            .executeScript("return Math.ceil(document.documentElement.scrollHeight);");
    int pageHeight = height instanceof Number n ? n.intValue() : window.getHeight();
    int chrome =
        window.getHeight()
            - ((Number) ((JavascriptExecutor) driver).executeScript("return window.innerHeight;"))
                .intValue();
    try {
      driver
          .manage()
          .window()
          .setSize(
              new Dimension(window.getWidth(), Math.max(window.getHeight(), pageHeight + chrome)));
      Files.createDirectories(file.toAbsolutePath().getParent());
      File png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
      return Files.copy(png.toPath(), file, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      driver.manage().window().setSize(window);
    }
  }

  /** Quits the browser and its driver, and deletes the profile. */
  @Override
  public void close() {
    try {
      driver.quit();
    } finally {
      deleteQuietly(profile);
    }
  }

  private static void deleteQuietly(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // a leftover temp directory is harmless
    }
  }
}
