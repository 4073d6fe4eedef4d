package dev.vbench.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Locale;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs a golden-file test once under {@link Locale#ROOT} ({@code und}) and once under a
 * comma-decimal locale ({@code de-DE}); the test sets {@code Locale.setDefault} from its String
 * argument, and the default locale is restored afterwards.
 *
 * <pre>{@code
 * @GoldenLocales
 * void formatMatches(String tag) {
 *     Locale.setDefault(Locale.forLanguageTag(tag));
 *     Golden.assertMatches("run/io.md", ...);
 * }
 * }</pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest(name = "locale {0}")
@ValueSource(strings = {"und", "de-DE"})
@ExtendWith(GoldenLocales.RestoreDefaultLocale.class)
public @interface GoldenLocales {

    /** Saves the default locale before each test and puts it back after. */
    final class RestoreDefaultLocale implements BeforeEachCallback, AfterEachCallback {
        private static final ExtensionContext.Namespace NAMESPACE =
                ExtensionContext.Namespace.create(RestoreDefaultLocale.class);

        @Override
        public void beforeEach(ExtensionContext context) {
            context.getStore(NAMESPACE).put("locale", Locale.getDefault());
        }

        @Override
        public void afterEach(ExtensionContext context) {
            Locale.setDefault(context.getStore(NAMESPACE).get("locale", Locale.class));
        }
    }
}
