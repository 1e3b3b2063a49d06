// SPDX-License-Identifier: Apache-2.0
package dev.baton.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * What Baton publishes, read from the POMs: every module of the build that is deployed (no {@code
 * maven.deploy.skip}) is in the BOM, and what is not deployed is not installed; the BOM has no
 * parent, manages Baton's artifacts at its own version, which is the parent's, and Curator,
 * ZooKeeper and Guava at the parent's versions; every published jar has a sources and a javadoc
 * jar.
 */
class PublishedArtifactsTest {
  private static final Path ROOT = repositoryRoot();

  @Test
  void theBomHasNoParentAndManagesBatonArtifactsAtTheProjectVersion() throws Exception {
    Element bom = pom(ROOT.resolve("bom/pom.xml"));
    assertThat(child(bom, "parent")).as("the BOM's parent").isNull();
    assertThat(text(bom, "packaging")).isEqualTo("pom");
    assertThat(text(bom, "version")).isEqualTo(text(pom(ROOT.resolve("pom.xml")), "version"));
    List<Element> managed = managed(bom);
    assertThat(managed).isNotEmpty();
    for (Element d : managed) {
      assertThat(child(d, "scope")).as(text(d, "artifactId") + " scope").isNull();
      assertThat(child(d, "exclusions")).as(text(d, "artifactId") + " exclusions").isNull();
      if (text(d, "groupId").equals("dev.baton")) {
        assertThat(text(d, "version")).as(text(d, "artifactId")).isEqualTo("${project.version}");
      }
    }
  }

  @Test
  void theBomManagesCuratorZooKeeperAndGuavaAtTheTestedVersions() throws Exception {
    // Only these besides Baton's own artifacts, each at the version property the parent builds and
    // tests with (the BOM has no parent, so it repeats the values: they must stay equal).
    Element bom = pom(ROOT.resolve("bom/pom.xml"));
    Element parentProps = child(pom(ROOT.resolve("pom.xml")), "properties");
    Element bomProps = child(bom, "properties");
    Map<String, String> thirdParty = new LinkedHashMap<>();
    for (Element d : managed(bom)) {
      if (!text(d, "groupId").equals("dev.baton")) {
        thirdParty.put(text(d, "groupId") + ":" + text(d, "artifactId"), text(d, "version"));
      }
    }
    assertThat(thirdParty)
        .containsOnly(
            Map.entry("org.apache.curator:curator-framework", "${curator.version}"),
            Map.entry("org.apache.curator:curator-recipes", "${curator.version}"),
            Map.entry("org.apache.curator:curator-client", "${curator.version}"),
            Map.entry("org.apache.curator:curator-test", "${curator.version}"),
            Map.entry("org.apache.zookeeper:zookeeper", "${zookeeper.version}"),
            Map.entry("org.apache.zookeeper:zookeeper-jute", "${zookeeper.version}"),
            Map.entry("com.google.guava:guava", "${guava.version}"));
    for (String property : List.of("curator.version", "zookeeper.version", "guava.version")) {
      assertThat(text(bomProps, property)).as(property).isEqualTo(text(parentProps, property));
    }
  }

  @Test
  void everyPublishedModuleIsInTheBom() throws Exception {
    List<String> inBom =
        managed(pom(ROOT.resolve("bom/pom.xml"))).stream().map(d -> text(d, "artifactId")).toList();
    Map<String, Element> published = publishedModules();
    assertThat(published.keySet())
        .contains("baton-fencing", "baton-recipes", "baton-spring-boot-starter")
        .doesNotContain("baton-test-support", "baton-demo-cluster", "baton-bom");
    assertThat(inBom).containsAll(published.keySet());
  }

  @Test
  void whatIsNotDeployedIsNotInstalledEither() throws Exception {
    // mvn install puts in the local repository what a release would publish, nothing else; an
    // unpublished module without a jar (architecture-tests) would otherwise stop mvn install.
    for (Element module : children(child(pom(ROOT.resolve("pom.xml")), "modules"), "module")) {
      String dir = module.getTextContent().trim();
      Element props = child(pom(ROOT.resolve(dir).resolve("pom.xml")), "properties");
      assertThat(flag(props, "maven.install.skip"))
          .as(dir + ": maven.install.skip equals maven.deploy.skip")
          .isEqualTo(flag(props, "maven.deploy.skip"));
    }
  }

  @Test
  void everyPublishedJarHasSourcesAndJavadoc() throws Exception {
    for (Map.Entry<String, Element> m : publishedModules().entrySet()) {
      List<String> plugins = new ArrayList<>();
      Element build = child(m.getValue(), "build");
      Element list = build == null ? null : child(build, "plugins");
      if (list != null) {
        for (Element p : children(list, "plugin")) {
          plugins.add(text(p, "artifactId"));
        }
      }
      assertThat(plugins).as(m.getKey()).contains("maven-source-plugin", "maven-javadoc-plugin");
    }
  }

  @Test
  void theProjectNamesItsLicenseAndSourceAndNoInventedPeople() throws Exception {
    Element parent = pom(ROOT.resolve("pom.xml"));
    assertThat(text(child(child(parent, "licenses"), "license"), "name")).isEqualTo("Apache-2.0");
    assertThat(text(child(parent, "scm"), "url")).isEqualTo(text(parent, "url"));
    assertThat(child(parent, "developers")).isNull();
  }

  /** The deployed jar modules of the build, by artifactId (the BOM itself excepted). */
  private static Map<String, Element> publishedModules() throws Exception {
    Map<String, Element> out = new LinkedHashMap<>();
    for (Element module : children(child(pom(ROOT.resolve("pom.xml")), "modules"), "module")) {
      Element pom = pom(ROOT.resolve(module.getTextContent().trim()).resolve("pom.xml"));
      Element props = child(pom, "properties");
      boolean skipped = flag(props, "maven.deploy.skip");
      String packaging = child(pom, "packaging") == null ? "jar" : text(pom, "packaging");
      if (!skipped && packaging.equals("jar")) {
        out.put(text(pom, "artifactId"), pom);
      }
    }
    return out;
  }

  private static boolean flag(Element props, String name) {
    return props != null && child(props, name) != null && text(props, name).equals("true");
  }

  private static List<Element> managed(Element pom) {
    return children(child(child(pom, "dependencyManagement"), "dependencies"), "dependency");
  }

  private static Element pom(Path file) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document doc = f.newDocumentBuilder().parse(file.toFile());
    return doc.getDocumentElement();
  }

  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        out.add(e);
      }
    }
    return out;
  }

  private static String text(Element parent, String name) {
    Element e = child(parent, name);
    assertThat(e).as("<" + name + "> in <" + parent.getTagName() + ">").isNotNull();
    return e.getTextContent().trim();
  }

  static Path repositoryRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve("bom/pom.xml"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException(new IOException("no bom/pom.xml above the working dir"));
    }
    return dir;
  }
}
