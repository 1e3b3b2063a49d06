// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/** The application of the Spring tests: auto-configuration only, as a user's would have. */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class TestApplication {}
